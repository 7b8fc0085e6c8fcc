import { certificateFileName, formatPersonName } from '@mutua/contracts';
import { and, asc, eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Db } from '../../db/client';
import { beneficiaries, contracts, members } from '../../db/schema';
import { orderBeneficiaries } from '../members/public';

const frDate = (iso: string) => iso.split('-').reverse().join('/');
/** The word agreeing with the person's sex: « adhérente », « née », « affiliée », « couverte ». */
const agreed = (sex: string, masculine: string, feminine: string) => (sex === 'F' ? feminine : masculine);
const ROLES = { MAIN: ['Assuré principal', 'Assurée principale'], PARTNER: ['Conjoint', 'Conjointe'], CHILD: ['Enfant', 'Enfant'] } as const;

/**
 * The membership certificate (« certificat d'adhésion »): a one-page PDF naming the insurer, the
 * member, the contract and every insured person with their start date. Only for running contracts
 * (the caller checks). File name « Certificat… ».
 */
export async function membershipCertificate(db: Db, memberId: string, insurer: string, today: string): Promise<{ fileName: string; content: Buffer }> {
  const [[member], family, contractRows] = await Promise.all([
    db.select().from(members).where(eq(members.id, memberId)),
    db.select().from(beneficiaries).where(and(eq(beneficiaries.memberId, memberId), eq(beneficiaries.insured, true))),
    db.select().from(contracts).where(eq(contracts.memberId, memberId)).orderBy(asc(contracts.familyPosition), asc(contracts.incomingDate)),
  ]);
  const running = contractRows.filter((c) => c.outgoingDate === null || c.outgoingDate >= today);
  const people = orderBeneficiaries(family).filter((b) => running.some((c) => c.familyPosition === b.familyPosition));
  const main = people.find((b) => b.rank === 'MAIN') ?? people[0];
  const contract = running[0];

  const pdf = await PDFDocument.create();
  pdf.setTitle('Certificat d’adhésion');
  pdf.setAuthor(insurer);
  pdf.setProducer('Mutua');
  pdf.setLanguage('fr-FR');
  const page = pdf.addPage([595.28, 841.89]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  let y = 780;
  const line = (text: string, opts: { size?: number; font?: typeof regular; gap?: number } = {}) => {
    page.drawText(text, { x: 56, y, size: opts.size ?? 11, font: opts.font ?? regular, color: rgb(0.1, 0.1, 0.1) });
    y -= opts.gap ?? 18;
  };
  line(insurer, { size: 13, font: bold, gap: 40 });
  line('Certificat d’adhésion', { size: 20, font: bold, gap: 36 });
  const mainSex = main?.sex ?? 'M';
  line(`${insurer} certifie que ${main ? formatPersonName(main) : ''}, ${agreed(mainSex, 'adhérent', 'adhérente')} n°\u00a0${member!.membershipNumber},`);
  line(`est ${agreed(mainSex, 'affilié', 'affiliée')} au contrat «\u00a0${contract?.label ?? ''}\u00a0» (contrat ${contract?.insurerContract ?? ''}),`);
  line(`et que les personnes suivantes sont couvertes à la date du ${frDate(today)}\u00a0:`, { gap: 28 });
  for (const p of people) {
    const start = running.find((c) => c.familyPosition === p.familyPosition)?.incomingDate;
    const [masculine, feminine] = ROLES[p.rank as keyof typeof ROLES] ?? ROLES.CHILD;
    const role = agreed(p.sex, masculine, feminine);
    line(`•  ${formatPersonName(p)} (${role}), ${agreed(p.sex, 'né', 'née')} le ${frDate(p.birthDate)}${start ? `, ${agreed(p.sex, 'couvert', 'couverte')} depuis le ${frDate(start)}` : ''}`);
  }
  y -= 20;
  line('Ce certificat est délivré pour servir et valoir ce que de droit.');
  line(`Fait le ${frDate(today)}.`);
  return { fileName: certificateFileName(member!.membershipNumber), content: Buffer.from(await pdf.save()) };
}
