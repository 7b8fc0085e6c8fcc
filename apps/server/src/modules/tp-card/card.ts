import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { maskEmail } from '@mutua/contracts/auth';
import { frenchDateWords } from '@mutua/contracts/french-format';
import { capitalizeName, formatPersonName } from '@mutua/contracts/names';
import { MESSAGE_KIND_CODES } from '@mutua/contracts/requests';
import { TP_CARD_TEXTS, paperResendAllowedFrom, tpCardFileName, type TTpCard, type TTpCardVerification } from '@mutua/contracts/tp-card';
import { and, asc, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Db } from '../../db/client';
import { beneficiaries, contacts, contracts, members, requestSteps } from '../../db/schema';
import { tpCardIssuers, tpCardResends } from './schema';
import { AppError } from '../../lib/app-error';
import { parisDate } from '../../lib/clock';
import { composeMail, type MailBrand, type RenderedMail } from '../mail/public';
import { isAddressUndeliverable } from '../members/public';
import { submitMemberRequest, type Submitted } from '../requests/public';
import { loadContracts, renderLetterPdf, type LifeContext, type LifeDeps } from '../contract-life/public';

const QR_PREFIX = 'TP1.';

/** One key per tenant, derived from the server secret: a card opens only on its own insurer's host. */
const keyOf = (secret: string, tenantId: string) => createHash('sha256').update(`tp-card-qr:${tenantId}:${secret}`).digest();

type QrContent = { memberId: string; insurerContract: string; validTo: string };

/**
 * The QR payload: member, contract reference and the card's last day, encrypted and authenticated
 * (AES-256-GCM with the tenant's key). Nothing about the member can be read from it; only the server
 * (the professional's verification call, on the tenant's host) opens it, and any change breaks it.
 * It lasts as long as the card, like the printed one: the wallet pass and the PDF are shown offline,
 * and the verification reads the member's rights of the day (a finished contract is refused).
 */
function sealQrPayload(secret: string, tenantId: string, content: QrContent): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret, tenantId), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final()]);
  return QR_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

function openQrPayload(secret: string, tenantId: string, payload: string, now: Date): Omit<QrContent, 'validTo'> | null {
  if (!payload.startsWith(QR_PREFIX)) return null;
  try {
    const raw = Buffer.from(payload.slice(QR_PREFIX.length), 'base64url');
    if (raw.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret, tenantId), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const json = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
    const content = JSON.parse(json) as QrContent;
    return parisDate(now) <= content.validTo ? { memberId: content.memberId, insurerContract: content.insurerContract } : null;
  } catch {
    return null;
  }
}

/** The last instant of a day in France (a card is valid through its last day, French time). */
function endOfParisDay(day: string): Date {
  const noon = new Date(`${day}T12:00:00Z`);
  const parisNoon = Date.parse(
    `${new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle: 'medium' }).format(noon).replace(' ', 'T')}Z`,
  );
  return new Date(Date.parse(`${day}T23:59:59.999Z`) - (parisNoon - noon.getTime()));
}

/** A card covers the calendar year, from the contract's start when it began during the year. */
function cardValidity(contractStart: string, today: string) {
  const year = today.slice(0, 4);
  return { validFrom: contractStart > `${year}-01-01` ? contractStart : `${year}-01-01`, validTo: `${year}-12-31` };
}

async function issuerOf(db: Db, tenant: { id: string; name: string }) {
  const [row] = await db.select().from(tpCardIssuers).where(eq(tpCardIssuers.tenantId, tenant.id));
  return row ?? { tenantId: tenant.id, amcNumber: '000000000', careNetwork: 'Réseau de soins partenaire', operator: tenant.name, dematerialised: true };
}

async function lastResend(db: Db, memberId: string) {
  const [row] = await db.select().from(tpCardResends).where(eq(tpCardResends.memberId, memberId)).orderBy(desc(tpCardResends.requestedAt)).limit(1);
  if (!row) return null;
  const [step] = await db
    .select({ step: requestSteps.step })
    .from(requestSteps)
    .where(eq(requestSteps.requestId, row.requestId))
    .orderBy(desc(requestSteps.position))
    .limit(1);
  const state = step?.step === 'sent' || step?.step === 'printing' ? step.step : 'received';
  return { requestedAt: row.requestedAt, state: state as 'received' | 'printing' | 'sent' };
}

/**
 * The family positions of a contract covered on the card's remaining dates (from today to its last
 * day): a person whose own cover has ended is not on the card, even while the others' goes on, or a
 * professional would grant them third-party payment.
 */
async function personsCoveredOn(db: Db, memberId: string, insurerContract: string, today: string, validTo: string): Promise<Set<number>> {
  const rows = await db
    .select({ familyPosition: contracts.familyPosition })
    .from(contracts)
    .where(
      and(
        eq(contracts.memberId, memberId),
        eq(contracts.insurerContract, insurerContract),
        lte(contracts.incomingDate, validTo),
        or(isNull(contracts.outgoingDate), gt(contracts.outgoingDate, today)),
      ),
    );
  return new Set(rows.map((r) => r.familyPosition));
}

/** The card of the member's ongoing contract; TP_CARD_UNAVAILABLE when the contract is finished. */
export async function loadTpCard(deps: LifeDeps, ctx: LifeContext, secret: string, forMemberId = ctx.memberId, insurerContract?: string): Promise<TTpCard> {
  const now = deps.clock.now();
  const today = parisDate(now);
  const contracts = await loadContracts(deps.db, ctx.tenant.id, forMemberId, today);
  const contract = contracts.contracts.find((c) => c.status === 'ACTIVE' && (!insurerContract || c.insurerContract === insurerContract));
  if (!contract) throw new AppError('TP_CARD_UNAVAILABLE');
  const issuer = await issuerOf(deps.db, ctx.tenant);
  const last = await lastResend(deps.db, forMemberId);
  const [contact] = await deps.db.select({ email: contacts.email }).from(contacts).where(eq(contacts.memberId, forMemberId)).orderBy(asc(contacts.id)).limit(1);
  const { validFrom, validTo } = cardValidity(contract.startDate, today);
  const covered = await personsCoveredOn(deps.db, forMemberId, contract.insurerContract, today, validTo);
  return {
    insurerContract: contract.insurerContract,
    contractLabel: contract.label,
    amcNumber: issuer.amcNumber,
    careNetwork: issuer.careNetwork,
    operator: issuer.operator,
    membershipNumber: contracts.membershipNumber,
    validFrom,
    validTo,
    beneficiaries: contract.persons.filter((p) => covered.has(p.familyPosition)),
    dematerialised: issuer.dematerialised,
    paperResendAllowedFrom: paperResendAllowedFrom(last ? parisDate(last.requestedAt) : null, today),
    lastPaperResend: last ? { requestedAt: last.requestedAt.toISOString(), state: last.state } : null,
    qrPayload: sealQrPayload(secret, ctx.tenant.id, { memberId: forMemberId, insurerContract: contract.insurerContract, validTo }),
    qrExpiresAt: endOfParisDay(validTo).toISOString(),
    storedEmail: contact?.email ?? null,
  };
}

/**
 * POST /api/tp-card/verify: what the professional's software needs for third-party payment (the AMC
 * number, the contract, its validity, the persons it covers today), for a card of this host's tenant
 * whose contract still runs; anything else is TP_CARD_QR_INVALID, without saying why.
 */
export async function verifyTpCard(
  deps: LifeDeps,
  tenant: { id: string; name: string },
  secret: string,
  payload: string,
): Promise<{ memberId: string; answer: TTpCardVerification }> {
  const now = deps.clock.now();
  const today = parisDate(now);
  const opened = openQrPayload(secret, tenant.id, payload, now);
  // The persons of that contract whose cover runs today, of a member of this tenant.
  const covered = opened
    ? await deps.db
        .select({ firstName: beneficiaries.firstName, surName: beneficiaries.surName, startDate: contracts.incomingDate })
        .from(contracts)
        .innerJoin(members, eq(members.id, contracts.memberId))
        .innerJoin(beneficiaries, and(eq(beneficiaries.memberId, contracts.memberId), eq(beneficiaries.familyPosition, contracts.familyPosition)))
        .where(
          and(
            eq(contracts.memberId, opened.memberId),
            eq(members.tenantId, tenant.id),
            eq(contracts.insurerContract, opened.insurerContract),
            lte(contracts.incomingDate, today),
            or(isNull(contracts.outgoingDate), gt(contracts.outgoingDate, today)),
          ),
        )
        .orderBy(asc(contracts.familyPosition))
    : [];
  if (!opened || covered.length === 0) throw new AppError('TP_CARD_QR_INVALID');
  const issuer = await issuerOf(deps.db, tenant);
  const contractStart = covered.map((p) => p.startDate).sort()[0]!;
  return {
    memberId: opened.memberId,
    answer: {
      valid: true,
      amcNumber: issuer.amcNumber,
      insurerContract: opened.insurerContract,
      careNetwork: issuer.careNetwork,
      ...cardValidity(contractStart, today),
      beneficiaries: covered.map((p) => ({ firstName: p.firstName, surName: p.surName })),
    },
  };
}

/** The printable card (carte_tiers_payant_<date>.pdf). */
export async function tpCardPdf(deps: LifeDeps, ctx: LifeContext, secret: string): Promise<{ pdf: Buffer; fileName: string }> {
  const card = await loadTpCard(deps, ctx, secret);
  // Card actions depend on the management centre's dematerialised status.
  if (!card.dematerialised) throw new AppError('TP_CARD_UNAVAILABLE', TP_CARD_TEXTS.notDematerialised);
  const pdf = await renderLetterPdf({
    brandName: ctx.tenant.name,
    title: 'Carte de tiers payant',
    blocks: [
      { kind: 'field', label: 'Numéro AMC', value: card.amcNumber },
      { kind: 'field', label: 'Contrat', value: `${card.contractLabel} (n° ${card.insurerContract})` },
      { kind: 'field', label: 'Numéro d’adhérent', value: card.membershipNumber },
      { kind: 'field', label: 'Réseau de soins', value: card.careNetwork },
      { kind: 'field', label: 'Opérateur', value: card.operator },
      { kind: 'field', label: 'Validité', value: `du ${frenchDateWords(card.validFrom)} au ${frenchDateWords(card.validTo)}` },
      { kind: 'heading', text: 'Bénéficiaires' },
      ...card.beneficiaries.map((b) => ({ kind: 'bullet' as const, text: formatPersonName(b) })),
      { kind: 'p', text: 'Présentez cette carte à votre professionnel de santé avec votre carte Vitale.' },
      {
        kind: 'image',
        png: await QRCode.toBuffer(card.qrPayload, { type: 'png', margin: 1, width: 400, errorCorrectionLevel: 'M' }),
        size: 130,
        alt: 'Code QR de la carte de tiers payant, à scanner par le professionnel de santé',
        caption: `Code QR réservé aux professionnels de santé, valable jusqu’au ${frenchDateWords(card.validTo)}.`,
      },
    ],
  });
  return { pdf, fileName: tpCardFileName(parisDate(deps.clock.now())) };
}

/** A paper card by post (request 10018), refused within 30 days of the last one. */
export async function askPaperResend(
  deps: LifeDeps,
  ctx: LifeContext,
  secret: string,
  idempotencyKey: string | null,
): Promise<Submitted<{ requestId: string; requestedAt: string; state: 'received' }>> {
  const card = await loadTpCard(deps, ctx, secret);
  const now = deps.clock.now();
  // A retry of the same form (same key) answers the first result even inside the 30 days.
  if (card.paperResendAllowedFrom && !idempotencyKey) throw new AppError('TP_CARD_PAPER_RECENT');
  // La Poste returned our last mail (NPAI): no card is posted until the member gives a valid address.
  if (await isAddressUndeliverable(deps.db, ctx.memberId)) throw new AppError('TP_CARD_ADDRESS_UNDELIVERABLE');
  return submitMemberRequest(
    deps.db,
    {
      memberId: ctx.memberId,
      typeCode: MESSAGE_KIND_CODES.resend_tp_card,
      title: 'Renvoi de la carte de tiers payant',
      message: `Carte du contrat ${card.insurerContract} à envoyer par courrier.`,
    },
    {
      idempotencyKey,
      now,
      details: async (tx, created) => {
        // Read again under the member row's lock: of two requests sent at once, the second sees the
        // first. A new key inside the 30 days: nothing is kept (the transaction rolls back).
        await tx.select({ id: members.id }).from(members).where(eq(members.id, ctx.memberId)).for('no key update');
        const [recent] = await tx
          .select({ at: tpCardResends.requestedAt })
          .from(tpCardResends)
          .where(eq(tpCardResends.memberId, ctx.memberId))
          .orderBy(desc(tpCardResends.requestedAt))
          .limit(1);
        if (paperResendAllowedFrom(recent ? parisDate(recent.at) : null, parisDate(now))) throw new AppError('TP_CARD_PAPER_RECENT');
        await tx.insert(tpCardResends).values({ memberId: ctx.memberId, requestId: created.requestId, requestedAt: now });
        return { requestId: created.requestId, requestedAt: now.toISOString(), state: 'received' as const };
      },
    },
  );
}

/** The mail that carries the card's PDF (rendered apart so that every mail can be checked for accessibility). */
export function tpCardMail(brand: MailBrand, card: Pick<TTpCard, 'insurerContract' | 'validFrom' | 'validTo'>, firstName: string | null): RenderedMail {
  return composeMail('TP_CARD', brand, 'Votre carte de tiers payant', firstName ? `Bonjour ${capitalizeName(firstName)},` : 'Bonjour,', [
    { kind: 'p', text: 'Vous trouverez ci-joint votre carte de tiers payant, à imprimer ou à garder sur votre téléphone.' },
    { kind: 'p', text: `Contrat n° ${card.insurerContract}, valable du ${frenchDateWords(card.validFrom)} au ${frenchDateWords(card.validTo)}.` },
    { kind: 'p', text: 'Présentez-la à votre professionnel de santé avec votre carte Vitale.' },
  ]);
}

/**
 * The printable card by e-mail (POST /api/tp-card/email), as a PDF attachment, queued (durable, retried).
 * The address is the one the member confirmed; changing the stored one is the contact-change flow's.
 */
export async function emailTpCard(deps: LifeDeps, ctx: LifeContext, secret: string, to: string): Promise<{ sentTo: string }> {
  const file = await tpCardPdf(deps, ctx, secret);
  const card = await loadTpCard(deps, ctx, secret);
  const principal = card.beneficiaries[0];
  const mail = tpCardMail(ctx.brand, card, principal?.firstName ?? null);
  const from = `"${ctx.tenant.name.replace(/["\\]/g, '')}" <${ctx.tenant.settings.noReplyEmail}>`;
  await deps.notifier.enqueue({
    channel: 'EMAIL',
    mail: {
      tenantId: ctx.tenant.id,
      kind: mail.kind,
      to,
      from,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: [{ filename: file.fileName, contentType: 'application/pdf', contentBase64: file.pdf.toString('base64') }],
    },
  });
  deps.notifier.wake();
  return { sentTo: maskEmail(to) };
}

/**
 * insured.tpCardInformations of the global details: the card's numbers for the
 * ongoing contract, null when none (the card is then unavailable).
 */
export async function tpCardInformations(db: Db, tenant: { id: string; name: string }, memberId: string, today: string) {
  const { contracts } = await loadContracts(db, tenant.id, memberId, today);
  const contract = contracts.find((c) => c.status === 'ACTIVE');
  if (!contract) return null;
  const issuer = await issuerOf(db, tenant);
  return {
    amcNumber: issuer.amcNumber,
    contractNumber: contract.insurerContract,
    careNetwork: issuer.careNetwork,
    operator: issuer.operator,
    dematerialised: issuer.dematerialised,
  };
}
