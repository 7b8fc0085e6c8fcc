import { certificateFileName } from '@mutua/contracts/account';
import { formatPersonName } from '@mutua/contracts/names';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { TaggedPdf } from '../../lib/tagged-pdf';
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
    db
      .select()
      .from(beneficiaries)
      .where(and(eq(beneficiaries.memberId, memberId), eq(beneficiaries.insured, true))),
    db.select().from(contracts).where(eq(contracts.memberId, memberId)).orderBy(asc(contracts.familyPosition), asc(contracts.incomingDate)),
  ]);
  const running = contractRows.filter((c) => c.outgoingDate === null || c.outgoingDate >= today);
  const people = orderBeneficiaries(family).filter((b) => running.some((c) => c.familyPosition === b.familyPosition));
  const main = people.find((b) => b.rank === 'MAIN') ?? people[0];
  const contract = running[0];

  const pdf = new TaggedPdf({ title: 'Certificat d’adhésion', brand: { name: insurer }, margin: 56 });
  pdf.logo(14);
  pdf.heading(1, 'Certificat d’adhésion', { size: 20, gap: 16 });
  const mainSex = main?.sex ?? 'M';
  // One sentence, one paragraph, on the three lines it always had.
  pdf.paragraph(
    `${insurer} certifie que ${main ? formatPersonName(main) : ''}, ${agreed(mainSex, 'adhérent', 'adhérente')} n°\u00a0${member!.membershipNumber},\n` +
      `est ${agreed(mainSex, 'affilié', 'affiliée')} au contrat «\u00a0${contract?.label ?? ''}\u00a0» (contrat ${contract?.insurerContract ?? ''}),\n` +
      `et que les personnes suivantes sont couvertes à la date du ${frDate(today)}\u00a0:`,
    { size: 11, gap: 10 },
  );
  pdf.list(
    people.map((p) => {
      const start = running.find((c) => c.familyPosition === p.familyPosition)?.incomingDate;
      const [masculine, feminine] = ROLES[p.rank as keyof typeof ROLES] ?? ROLES.CHILD;
      const role = agreed(p.sex, masculine, feminine);
      return `${formatPersonName(p)} (${role}), ${agreed(p.sex, 'né', 'née')} le ${frDate(p.birthDate)}${start ? `, ${agreed(p.sex, 'couvert', 'couverte')} depuis le ${frDate(start)}` : ''}`;
    }),
    { size: 11 },
  );
  pdf.y += 20;
  pdf.paragraph('Ce certificat est délivré pour servir et valoir ce que de droit.', { size: 11 });
  pdf.paragraph(`Fait le ${frDate(today)}.`, { size: 11 });
  return { fileName: certificateFileName(member!.membershipNumber), content: await pdf.end() };
}
