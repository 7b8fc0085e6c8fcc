import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { MESSAGE_KIND_CODES, TP_CARD_TEXTS, capitalizeName, frenchDateWords, maskEmail, paperResendAllowedFrom, tpCardFileName, type TTpCard } from '@mutua/contracts';
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { contacts, requestSteps, tpCardIssuers, tpCardResends } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { parisDate } from '../../lib/clock';
import { composeMail } from '../mail/public';
import { isAddressUndeliverable } from '../members/public';
import { submitMemberRequest, type Submitted } from '../requests/public';
import { loadContracts } from './contracts';
import { renderLetterPdf } from './letter-pdf';
import type { LifeContext, LifeDeps } from './terminations';

/** A QR payload is valid 24 hours (the panel is reopened at the counter; the pass renews it). */
const QR_VALIDITY_MS = 24 * 3_600_000;
const QR_PREFIX = 'TP1.';

const keyOf = (secret: string) => createHash('sha256').update(`tp-card-qr:${secret}`).digest();

/**
 * The QR payload: member and contract reference plus an expiry, encrypted and authenticated
 * (AES-256-GCM with a key derived from the server secret). Nothing about the member can be read from
 * it; only the server (the professional's verification call) opens it, and any change breaks it.
 */
export function sealQrPayload(secret: string, content: { memberId: string; insurerContract: string; exp: number }): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(content), 'utf8'), cipher.final()]);
  return QR_PREFIX + Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

export function openQrPayload(secret: string, payload: string, now: Date): { memberId: string; insurerContract: string } | null {
  if (!payload.startsWith(QR_PREFIX)) return null;
  try {
    const raw = Buffer.from(payload.slice(QR_PREFIX.length), 'base64url');
    if (raw.length < 29) return null;
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(raw.length - 16));
    const json = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]).toString('utf8');
    const content = JSON.parse(json) as { memberId: string; insurerContract: string; exp: number };
    return content.exp > now.getTime() ? { memberId: content.memberId, insurerContract: content.insurerContract } : null;
  } catch {
    return null;
  }
}

async function issuerOf(db: Db, tenant: { id: string; name: string }) {
  const [row] = await db.select().from(tpCardIssuers).where(eq(tpCardIssuers.tenantId, tenant.id));
  return row ?? { tenantId: tenant.id, amcNumber: '000000000', careNetwork: 'Réseau de soins partenaire', operator: tenant.name, dematerialised: true };
}

async function lastResend(db: Db, memberId: string) {
  const [row] = await db.select().from(tpCardResends).where(eq(tpCardResends.memberId, memberId)).orderBy(desc(tpCardResends.requestedAt)).limit(1);
  if (!row) return null;
  const [step] = await db.select({ step: requestSteps.step }).from(requestSteps).where(eq(requestSteps.requestId, row.requestId)).orderBy(desc(requestSteps.position)).limit(1);
  const state = step?.step === 'sent' || step?.step === 'printing' ? step.step : 'received';
  return { requestedAt: row.requestedAt, state: state as 'received' | 'printing' | 'sent' };
}

/** The card of the member's ongoing contract; TP_CARD_UNAVAILABLE when the contract is finished (member-features.md §4). */
export async function loadTpCard(deps: LifeDeps, ctx: LifeContext, secret: string, forMemberId = ctx.memberId, insurerContract?: string): Promise<TTpCard> {
  const now = deps.clock.now();
  const today = parisDate(now);
  const contracts = await loadContracts(deps.db, ctx.tenant.id, forMemberId, today);
  const contract = contracts.contracts.find((c) => c.status === 'ACTIVE' && (!insurerContract || c.insurerContract === insurerContract));
  if (!contract) throw new AppError('TP_CARD_UNAVAILABLE');
  const issuer = await issuerOf(deps.db, ctx.tenant);
  const last = await lastResend(deps.db, forMemberId);
  const [contact] = await deps.db.select({ email: contacts.email }).from(contacts).where(eq(contacts.memberId, forMemberId)).orderBy(asc(contacts.id)).limit(1);
  const exp = now.getTime() + QR_VALIDITY_MS;
  return {
    insurerContract: contract.insurerContract,
    contractLabel: contract.label,
    amcNumber: issuer.amcNumber,
    careNetwork: issuer.careNetwork,
    operator: issuer.operator,
    membershipNumber: contracts.membershipNumber,
    validFrom: contract.startDate > `${today.slice(0, 4)}-01-01` ? contract.startDate : `${today.slice(0, 4)}-01-01`,
    validTo: `${today.slice(0, 4)}-12-31`,
    beneficiaries: contract.persons,
    dematerialised: issuer.dematerialised,
    paperResendAllowedFrom: paperResendAllowedFrom(last ? parisDate(last.requestedAt) : null, today),
    lastPaperResend: last ? { requestedAt: last.requestedAt.toISOString(), state: last.state } : null,
    qrPayload: sealQrPayload(secret, { memberId: forMemberId, insurerContract: contract.insurerContract, exp }),
    qrExpiresAt: new Date(exp).toISOString(),
    storedEmail: contact?.email ?? null,
  };
}

/** The printable card (carte_tiers_payant_<date>.pdf). */
export async function tpCardPdf(deps: LifeDeps, ctx: LifeContext, secret: string): Promise<{ pdf: Buffer; fileName: string }> {
  const card = await loadTpCard(deps, ctx, secret);
  // Card actions depend on the management centre's dematerialised status (member-features.md §6).
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
      ...card.beneficiaries.map((b) => ({ kind: 'bullet' as const, text: `${b.firstName} ${b.surName}` })),
      { kind: 'p', text: 'Présentez cette carte à votre professionnel de santé avec votre carte Vitale.' },
    ],
  });
  return { pdf, fileName: tpCardFileName(parisDate(deps.clock.now())) };
}

/** A paper card by post (request 10018), refused within 30 days of the last one. */
export async function askPaperResend(deps: LifeDeps, ctx: LifeContext, secret: string, idempotencyKey: string | null): Promise<Submitted<{ requestId: string; requestedAt: string; state: 'received' }>> {
  const card = await loadTpCard(deps, ctx, secret);
  const now = deps.clock.now();
  // A retry of the same form (same key) answers the first result even inside the 30 days.
  if (card.paperResendAllowedFrom && !idempotencyKey) throw new AppError('TP_CARD_PAPER_RECENT');
  // La Poste returned our last mail (NPAI): no card is posted until the member gives a valid address.
  if (await isAddressUndeliverable(deps.db, ctx.memberId)) throw new AppError('TP_CARD_ADDRESS_UNDELIVERABLE');
  return submitMemberRequest(
    deps.db,
    { memberId: ctx.memberId, typeCode: MESSAGE_KIND_CODES.resend_tp_card, title: 'Renvoi de la carte de tiers payant', message: `Carte du contrat ${card.insurerContract} à envoyer par courrier.` },
    {
      idempotencyKey,
      now,
      details: async (tx, created) => {
        // A new key inside the 30 days: nothing is kept (the transaction rolls back).
        if (card.paperResendAllowedFrom) throw new AppError('TP_CARD_PAPER_RECENT');
        await tx.insert(tpCardResends).values({ memberId: ctx.memberId, requestId: created.requestId, requestedAt: now });
        return { requestId: created.requestId, requestedAt: now.toISOString(), state: 'received' as const };
      },
    },
  );
}

/**
 * The printable card by e-mail (POST /api/tp-card/email), as a PDF attachment, queued (durable, retried).
 * The address is the one the member confirmed; changing the stored one is the contact-change flow's.
 */
export async function emailTpCard(deps: LifeDeps, ctx: LifeContext, secret: string, to: string): Promise<{ sentTo: string }> {
  const file = await tpCardPdf(deps, ctx, secret);
  const card = await loadTpCard(deps, ctx, secret);
  const principal = card.beneficiaries[0];
  const mail = composeMail('TP_CARD', ctx.brand, 'Votre carte de tiers payant', principal ? `Bonjour ${capitalizeName(principal.firstName)},` : 'Bonjour,', [
    { kind: 'p', text: 'Vous trouverez ci-joint votre carte de tiers payant, à imprimer ou à garder sur votre téléphone.' },
    { kind: 'p', text: `Contrat n° ${card.insurerContract}, valable du ${frenchDateWords(card.validFrom)} au ${frenchDateWords(card.validTo)}.` },
    { kind: 'p', text: 'Présentez-la à votre professionnel de santé avec votre carte Vitale.' },
  ]);
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
 * insured.tpCardInformations of the global details (portal-access.md §3): the card's numbers for the
 * ongoing contract, null when none (the card is then unavailable).
 */
export async function tpCardInformations(db: Db, tenant: { id: string; name: string }, memberId: string, today: string) {
  const { contracts } = await loadContracts(db, tenant.id, memberId, today);
  const contract = contracts.find((c) => c.status === 'ACTIVE');
  if (!contract) return null;
  const issuer = await issuerOf(db, tenant);
  return { amcNumber: issuer.amcNumber, contractNumber: contract.insurerContract, careNetwork: issuer.careNetwork, operator: issuer.operator, dematerialised: issuer.dematerialised };
}
