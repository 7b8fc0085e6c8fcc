// Long because it is one flow whose steps check the same pending change: shown, code sent, signed (by code or a partner's callback), sealed, in force.
import { randomBytes, randomUUID } from 'node:crypto';
import { MFA_BLOCK_HOURS, MFA_MAX_ATTEMPTS } from '@mutua/contracts/auth';
import {
  MANDATE_PAYMENT_LABEL,
  MANDATE_TITLE,
  mandateStandardText,
  maskIban,
  newRum,
  openRibOf,
  type TBankDetailsChangeResult,
  type TMandateContent,
  type TMandateSigned,
  type TSignMandateRequest,
  type TSignatureCodeSent,
} from '@mutua/contracts/bank-details';
import { capitalizeName } from '@mutua/contracts/names';
import { and, asc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  addresses,
  bankDetailsChanges,
  beneficiaries,
  contacts,
  members,
  sepaCreditors,
  sepaMandates,
  signatureEvents,
  signatureEvidence,
  tenants,
  type BankDetailsChange,
} from '../../db/schema';
import type { InspectedUpload } from '../../http/upload-check';
import { AppError } from '../../lib/app-error';
import { HOUR_MS, MINUTE_MS, addMs } from '../../lib/clock';
import type { AppServices } from '../../core/module';
import type { ActiveSession, RequestContext } from '../auth/public';
import { submitMemberRequest } from '../requests/public';
import { blockedUntil, checkCode, claimResend, dropCode, issueCode, openChallenge } from '../verification/public';
import { buildMandatePdf, renderMandatePreview } from './mandate-pdf';
import type { PreparedChange } from './prepared-change';
import { BUILTIN_PROVIDER, signatureProvider, type ProviderOutcome } from './providers';
import { sealCertificateOf, sealPdf, sha256Hex } from './seal';
import { openChange, openMandatePdf, sealChange, sealMandate, upsertAccount } from './sealed-rows';

/*
 * A change of contribution account: a SEPA mandate shown whole, signed with an SMS code or by a partner
 * (its callback), sealed with the tenant's certificate and kept with its evidence file; the signed
 * mandate replaces the one in force and updates the contribution account in one transaction.
 */

/** The services the bank-details routes hand to their use cases: a part of AppServices, nothing added. */
export type BankDeps = Pick<AppServices, 'db' | 'clock' | 'secret' | 'notifier' | 'jobs' | 'audit' | 'counters' | 'sessions' | 'publicUrl' | 'log' | 'config'>;

/** A mandate must be signed within this time of being shown. */
const PROCEDURE_LIFETIME_MS = 30 * MINUTE_MS;
const SMS_CODE_MINUTES = 10;
const SMS_RESEND_SECONDS = 60;
/** A mobile number confirmed (changed) less than this long ago cannot sign. */
export const MOBILE_SETTLE_HOURS = 24;
const CODE_RULE = { maxFailures: MFA_MAX_ATTEMPTS, blockMs: MFA_BLOCK_HOURS * HOUR_MS };
const counterKeyOf = (session: ActiveSession) => `SIGNATURE:${session.accountId}`;
const maskMobile = (n: string) => `${n.slice(0, 2)} ** ** ** ${n.slice(-2)}`;

/** The registered mobile, if it may receive a signature code: confirmed, and not changed in the last 24 hours. */
async function signingMobile(deps: BankDeps, memberId: string): Promise<string> {
  const [contact] = await deps.db
    .select({ mobile: contacts.mobileNumber, confirmedAt: contacts.mobileConfirmedAt })
    .from(contacts)
    .where(eq(contacts.memberId, memberId))
    .orderBy(asc(contacts.id))
    .limit(1);
  const settled = addMs(deps.clock.now(), -MOBILE_SETTLE_HOURS * HOUR_MS);
  if (!contact?.mobile?.trim() || !contact.confirmedAt || contact.confirmedAt > settled) throw new AppError('SIGNATURE_MOBILE_UNAVAILABLE');
  return contact.mobile;
}

async function event(db: Pick<Db, 'insert'>, changeId: string, name: string, at: Date, details: Record<string, unknown> = {}) {
  await db.insert(signatureEvents).values({ changeId, event: name, at, details });
}

async function debtorOf(db: Db, memberId: string) {
  const [person] = await db
    .select({ firstName: beneficiaries.firstName, surName: beneficiaries.surName, membershipNumber: members.membershipNumber, beneficiaryId: beneficiaries.id })
    .from(beneficiaries)
    .innerJoin(members, eq(members.id, beneficiaries.memberId))
    .where(and(eq(beneficiaries.memberId, memberId), eq(beneficiaries.familyPosition, 1)));
  const [address] = await db.select().from(addresses).where(eq(addresses.memberId, memberId)).orderBy(asc(addresses.id)).limit(1);
  const addressText = address
    ? [address.line1, address.line2, address.line3, [address.zipCode, address.city].filter(Boolean).join(' '), address.country]
        .filter((v) => v?.trim())
        .join(', ')
    : '';
  return { ...person!, address: addressText };
}

/**
 * The contribution-account branch of POST /api/bank-details/changes: a SEPA mandate shown whole (the
 * legal content, a new RUM, the tenant's creditor), kept byte for byte with its SHA-256, to sign.
 */
export async function presentMandate(deps: BankDeps, ctx: RequestContext, session: ActiveSession, prepared: PreparedChange): Promise<TBankDetailsChangeResult> {
  const { memberId, now, fields, files, account, audited, base } = prepared;
  const bic = account.bic;
  // Contribution account: a mandate to sign. The mobile is checked first: no mandate shown that cannot be signed.
  const mobile = await signingMobile(deps, memberId);
  const [creditor] = await deps.db.select().from(sepaCreditors).where(eq(sepaCreditors.tenantId, ctx.tenant.id));
  if (!creditor) throw new Error(`No SEPA creditor for tenant ${ctx.tenant.id}`);
  const provider = signatureProvider(creditor.signatureProvider);
  if (!provider) throw new Error(`Unknown signature provider ${creditor.signatureProvider}`);
  const debtor = await debtorOf(deps.db, memberId);
  const rum = newRum(creditor.rumPrefix, debtor.membershipNumber, now, randomBytes(4).toString('hex').slice(0, 6));
  const content: TMandateContent = {
    title: MANDATE_TITLE,
    rum,
    creditor: { name: creditor.name, address: creditor.address, ics: creditor.ics },
    debtor: { name: fields.holder, address: debtor.address, iban: fields.iban, bic, bankName: account.bankName },
    paymentType: MANDATE_PAYMENT_LABEL,
    standardText: mandateStandardText(creditor.name),
  };
  const pdf = await renderMandatePreview(content, now);
  const procedureId = randomUUID();
  const document = files[0]!;
  const [change] = await deps.db.transaction(async (tx) => {
    // A new change replaces a pending one.
    await tx
      .update(bankDetailsChanges)
      .set({ status: 'CANCELLED', closedAt: now })
      .where(and(eq(bankDetailsChanges.memberId, memberId), eq(bankDetailsChanges.status, 'AWAITING_SIGNATURE')));
    const rows = await tx
      .insert(bankDetailsChanges)
      .values({
        tenantId: ctx.tenant.id,
        memberId,
        usage: 'contribution',
        familyPosition: 1,
        ...(await sealChange(tx as unknown as Db, ctx.tenant.id, { ...account, documentContent: document.content, mandatePdf: pdf })),
        status: 'AWAITING_SIGNATURE',
        documentName: document.name,
        documentType: document.contentType,
        rum,
        mandateSha256: sha256Hex(pdf),
        provider: provider.name,
        procedureId,
        sessionId: session.id,
        createdAt: now,
        expiresAt: addMs(now, PROCEDURE_LIFETIME_MS),
      })
      .returning();
    await event(tx as unknown as Db, rows[0]!.id, 'MANDATE_PRESENTED', now, { rum, documentSha256: sha256Hex(pdf), provider: provider.name });
    return rows;
  });
  const signature = await provider.start({
    procedureId,
    document: pdf,
    documentSha256: sha256Hex(pdf),
    signer: { firstName: debtor.firstName, surName: debtor.surName, mobile },
    returnUrl: `${ctx.origin}/update-rib/${openRibOf('contribution', 1)}?change=${change!.id}`,
    callbackUrl: `${ctx.origin}/api/bank-details/signature-callback/${provider.name}`,
  });
  await deps.audit.record({ kind: 'MANDATE_PRESENTED', ...base, details: { ...audited, rum, provider: provider.name } });
  return { status: 'AWAITING_SIGNATURE', changeId: change!.id, mandate: content, mobile: maskMobile(mobile), signature };
}

/** A contribution change that can still be signed here. */
function assertPending(deps: BankDeps, change: BankDetailsChange, provider: string | null = BUILTIN_PROVIDER) {
  if (change.usage !== 'contribution' || change.status !== 'AWAITING_SIGNATURE' || change.expiresAt <= deps.clock.now()) throw new AppError('SIGNATURE_CLOSED');
  if (provider && change.provider !== provider) throw new AppError('SIGNATURE_CLOSED');
}

/** POST …/changes/{id}/code: sends (or sends again after the delay) the 6-digit code to the registered mobile. */
export async function sendSignatureCode(deps: BankDeps, ctx: RequestContext, session: ActiveSession, change: BankDetailsChange): Promise<TSignatureCodeSent> {
  assertPending(deps, change);
  const mobile = await signingMobile(deps, session.memberId);
  if (await blockedUntil(deps, counterKeyOf(session))) throw new AppError('MFA_BLOCKED');
  let challengeId = change.challengeId;
  if (!challengeId) {
    const challenge = await openChallenge(deps, {
      tenantId: ctx.tenant.id,
      memberId: session.memberId,
      purpose: 'SIGNATURE',
      channel: 'SMS',
      destination: mobile,
      binding: `session:${session.id}`,
      counterKey: counterKeyOf(session),
      lifetimeMs: change.expiresAt.getTime() - deps.clock.now().getTime(),
    });
    challengeId = challenge.id;
    await deps.db.update(bankDetailsChanges).set({ challengeId }).where(eq(bankDetailsChanges.id, change.id));
  } else if (!(await claimResend(deps, challengeId, SMS_RESEND_SECONDS))) {
    throw new AppError('MFA_RESEND_TOO_SOON');
  }
  const { challenge, code } = await issueCode(deps, challengeId, { codeMinutes: SMS_CODE_MINUTES, resendSeconds: SMS_RESEND_SECONDS });
  try {
    // A code: sent inline, never queued (see Notifier).
    await deps.notifier.smsNow({
      tenantId: ctx.tenant.id,
      kind: 'MANDATE_SIGNATURE_CODE',
      to: mobile,
      text: `${ctx.tenant.name}\u00a0: votre code de signature du mandat de prélèvement SEPA ${change.rum} est ${code}. Il est valable ${SMS_CODE_MINUTES} minutes. Ne le communiquez à personne.`,
    });
  } catch (error) {
    deps.log.warn({ err: error }, 'mandate signature SMS not sent');
    await dropCode(deps, challengeId);
    await event(deps.db, change.id, 'CODE_SEND_FAILED', deps.clock.now());
    throw new AppError('SMS_SEND_FAILED');
  }
  const sentAt = challenge.codeSentAt!;
  await event(deps.db, change.id, 'CODE_SENT', sentAt, { to: maskMobile(mobile), channel: 'SMS', expiresAt: challenge.codeExpiresAt!.toISOString() });
  await deps.audit.record({
    kind: 'MANDATE_CODE_SENT',
    tenantId: ctx.tenant.id,
    memberId: session.memberId,
    ip: ctx.ip,
    details: { rum: change.rum, to: maskMobile(mobile) },
  });
  return { mobile: maskMobile(mobile), codeExpiresAt: challenge.codeExpiresAt!.toISOString(), resendAvailableAt: challenge.resendAvailableAt!.toISOString() };
}

/** POST …/changes/{id}/sign: the code, the place and « Je signe »; wrong or expired code: nothing changes. */
export async function signWithCode(
  deps: BankDeps,
  ctx: RequestContext,
  session: ActiveSession,
  change: BankDetailsChange,
  input: TSignMandateRequest,
): Promise<TMandateSigned> {
  assertPending(deps, change);
  const mobile = await signingMobile(deps, session.memberId);
  const base = { tenantId: ctx.tenant.id, memberId: session.memberId, ip: ctx.ip };
  if (!change.challengeId) throw new AppError('MFA_CODE_UNKNOWN');
  const result = await checkCode(deps, change.challengeId, input.code, CODE_RULE);
  const at = deps.clock.now();
  if (result.status === 'ok' && result.challenge.binding !== `session:${session.id}`) throw new AppError('MFA_CODE_UNKNOWN');
  if (result.status !== 'ok') {
    await event(deps.db, change.id, result.status === 'wrong' ? 'CODE_WRONG' : result.status === 'blocked' ? 'CODE_BLOCKED' : 'CODE_REFUSED', at, {
      status: result.status,
    });
    await deps.audit.record({ kind: 'MANDATE_SIGNATURE_REFUSED', ...base, details: { rum: change.rum, reason: result.status } });
    if (result.status === 'unknown') throw new AppError('MFA_CODE_UNKNOWN');
    if (result.status === 'expired') throw new AppError('MFA_CODE_EXPIRED');
    if (result.status === 'blocked') throw new AppError('MFA_BLOCKED');
    throw new AppError('MFA_CODE_WRONG', undefined, { remainingAttempts: result.remaining });
  }
  await event(deps.db, change.id, 'CODE_VALIDATED', at);
  await event(deps.db, change.id, 'CONSENT', at, { action: '« Je signe »', place: input.place });
  return completeSignature(deps, ctx.tenant, change, {
    place: input.place,
    signedAt: at,
    method: 'Signature électronique simple par code à usage unique envoyé par SMS',
    mobile,
    ip: ctx.ip,
    userAgent: ctx.userAgent ?? null,
    code: { sentAt: result.challenge.codeSentAt?.toISOString() ?? null, validatedAt: at.toISOString() },
    providerEvidence: null,
  });
}

type Completion = {
  place: string;
  signedAt: Date;
  method: string;
  mobile: string;
  ip: string | null;
  userAgent: string | null;
  code: { sentAt: string | null; validatedAt: string } | null;
  providerEvidence: Record<string, unknown> | null;
};

/**
 * Signs: the mandate with its signature block, sealed with the tenant's certificate; the evidence file;
 * the mandate in force replaced; the contribution account updated; a mandate request (12) carrying the
 * signed mandate and the bank details document — all in one transaction, the change closed once.
 */
async function completeSignature(deps: BankDeps, tenant: { id: string; name: string }, change: BankDetailsChange, c: Completion): Promise<TMandateSigned> {
  const debtor = await debtorOf(deps.db, change.memberId);
  const [creditor] = await deps.db.select().from(sepaCreditors).where(eq(sepaCreditors.tenantId, tenant.id));
  const content: TMandateContent = {
    title: MANDATE_TITLE,
    rum: change.rum!,
    creditor: { name: creditor!.name, address: creditor!.address, ics: creditor!.ics },
    debtor: { name: change.holder, address: debtor.address, iban: change.iban, bic: change.bic, bankName: change.bankName },
    paymentType: MANDATE_PAYMENT_LABEL,
    standardText: mandateStandardText(creditor!.name),
  };
  const signerName = `${capitalizeName(debtor.firstName)} ${capitalizeName(debtor.surName)}`;
  const doc = await buildMandatePdf(content, {
    createdAt: change.createdAt,
    signature: { signerName, place: c.place, signedAt: c.signedAt, mobileMasked: maskMobile(c.mobile), procedureId: change.procedureId!, method: c.method },
  });
  const seal = await sealCertificateOf({ db: deps.db, secret: deps.secret, production: deps.config.NODE_ENV === 'production' }, tenant, c.signedAt);
  const signedPdf = await sealPdf(doc, seal, {
    reason: `${MANDATE_TITLE} ${change.rum} signé par ${signerName}`,
    location: c.place,
    name: creditor!.name,
    contactInfo: tenant.name,
    signingTime: c.signedAt,
  });
  const signedSha256 = sha256Hex(signedPdf);
  const upload = (name: string, contentType: InspectedUpload['contentType'], content: Buffer): InspectedUpload => ({
    format: contentType === 'application/pdf' ? 'pdf' : contentType === 'image/png' ? 'png' : contentType === 'image/gif' ? 'gif' : 'jpg',
    contentType,
    name,
    sizeBytes: content.length,
    sha256: sha256Hex(content),
    content,
  });
  const files = [upload(`mandat-sepa-${change.rum}.pdf`, 'application/pdf', signedPdf)];
  if (change.documentContent && change.documentName && change.documentType)
    files.push(upload(change.documentName, change.documentType as InspectedUpload['contentType'], change.documentContent));

  const submitted = await submitMemberRequest(
    deps.db,
    {
      memberId: change.memberId,
      typeCode: 12,
      title: `${MANDATE_TITLE} ${change.rum}`,
      message: `Nouveau compte de prélèvement des cotisations\u00a0: titulaire ${change.holder}, IBAN ${maskIban(change.iban)}. Mandat ${change.rum} signé électroniquement le ${c.signedAt.toISOString()} à ${c.place}.`,
      files,
    },
    {
      now: c.signedAt,
      details: async (tx, created) => {
        const [closed] = await tx
          .update(bankDetailsChanges)
          .set({ status: 'SIGNED', closedAt: c.signedAt, requestId: created.requestId, documentContent: null })
          .where(and(eq(bankDetailsChanges.id, change.id), eq(bankDetailsChanges.status, 'AWAITING_SIGNATURE'), gt(bankDetailsChanges.expiresAt, c.signedAt)))
          .returning({ id: bankDetailsChanges.id });
        if (!closed) throw new AppError('SIGNATURE_CLOSED');
        await tx
          .update(sepaMandates)
          .set({ replacedAt: c.signedAt })
          .where(and(eq(sepaMandates.memberId, change.memberId), isNull(sepaMandates.replacedAt)));
        const [mandate] = await tx
          .insert(sepaMandates)
          .values({
            tenantId: tenant.id,
            memberId: change.memberId,
            changeId: change.id,
            rum: change.rum!,
            ...(await sealMandate(tx, tenant.id, { iban: change.iban, bic: change.bic, holder: change.holder, signedPdf })),
            place: c.place,
            signedAt: c.signedAt,
            signedSha256,
          })
          .returning({ id: sepaMandates.id });
        await upsertAccount(
          tx,
          change.memberId,
          'contribution',
          1,
          { holder: change.holder, iban: change.iban, bic: change.bic, bankName: change.bankName },
          c.signedAt,
        );
        await event(tx, change.id, 'SIGNED', c.signedAt, { signedSha256, requestId: created.requestId });
        const events = await tx
          .select({ event: signatureEvents.event, at: signatureEvents.at, details: signatureEvents.details })
          .from(signatureEvents)
          .where(eq(signatureEvents.changeId, change.id))
          .orderBy(asc(signatureEvents.id));
        const evidence = {
          procedureId: change.procedureId,
          provider: change.provider,
          document: {
            title: MANDATE_TITLE,
            rum: change.rum,
            presentedSha256: change.mandateSha256,
            signedSha256,
            sealedWith: 'ETSI.CAdES.detached (SHA-256), cachet du créancier',
          },
          signer: { memberId: change.memberId, membershipNumber: debtor.membershipNumber, name: signerName, holder: change.holder },
          creditor: { name: creditor!.name, ics: creditor!.ics },
          phone: c.mobile,
          ip: c.ip,
          userAgent: c.userAgent,
          code: c.code,
          consent: { action: '« Je signe »', place: c.place, at: c.signedAt.toISOString(), method: c.method },
          providerEvidence: c.providerEvidence,
          events: events.map((e) => ({ event: e.event, at: e.at.toISOString(), ...e.details })),
        };
        await tx
          .insert(signatureEvidence)
          .values({ mandateId: mandate!.id, evidence, evidenceSha256: sha256Hex(JSON.stringify(evidence)), createdAt: c.signedAt });
        return { mandateId: mandate!.id, rum: change.rum!, signedAt: c.signedAt.toISOString(), requestId: created.requestId };
      },
    },
  );
  await deps.audit.record({
    kind: 'MANDATE_SIGNED',
    tenantId: tenant.id,
    memberId: change.memberId,
    ip: c.ip,
    details: { rum: change.rum, iban: maskIban(change.iban), provider: change.provider, signedSha256 },
  });
  return submitted.data;
}

/**
 * A partner's notice (POST /api/bank-details/signature-callback/{provider}), on the host of the change's
 * tenant (its callback URL): checked, then the change is signed or cancelled.
 */
export async function handleProviderCallback(
  deps: BankDeps,
  tenantId: string,
  providerName: string,
  body: unknown,
  ip: string,
): Promise<{ status: 'SIGNED' | 'REFUSED' }> {
  const provider = signatureProvider(providerName);
  const now = deps.clock.now();
  const outcome: ProviderOutcome | null = provider?.verifyCallback ? provider.verifyCallback(body, now) : null;
  const [stored] = outcome
    ? await deps.db
        .select()
        .from(bankDetailsChanges)
        .where(
          and(
            eq(bankDetailsChanges.procedureId, outcome.procedureId),
            eq(bankDetailsChanges.provider, providerName),
            eq(bankDetailsChanges.tenantId, tenantId),
          ),
        )
    : [];
  const change = stored && (await openChange(deps.db, stored));
  if (!outcome || !change || change.status !== 'AWAITING_SIGNATURE' || change.expiresAt <= now) {
    await deps.audit.record({
      kind: 'SIGNATURE_CALLBACK_REFUSED',
      tenantId: change?.tenantId ?? null,
      memberId: change?.memberId ?? null,
      ip,
      details: { provider: providerName },
    });
    throw new AppError('SIGNATURE_CALLBACK_INVALID');
  }
  await event(deps.db, change.id, 'PROVIDER_CALLBACK', now, { status: outcome.status });
  if (outcome.status === 'REFUSED') {
    // Only while still awaiting: a refusal never cancels a change a parallel notice has just signed.
    const [cancelled] = await deps.db
      .update(bankDetailsChanges)
      .set({ status: 'CANCELLED', closedAt: now })
      .where(and(eq(bankDetailsChanges.id, change.id), eq(bankDetailsChanges.status, 'AWAITING_SIGNATURE')))
      .returning({ id: bankDetailsChanges.id });
    if (!cancelled) throw new AppError('SIGNATURE_CALLBACK_INVALID');
    await deps.audit.record({
      kind: 'MANDATE_SIGNATURE_REFUSED',
      tenantId: change.tenantId,
      memberId: change.memberId,
      ip,
      details: { rum: change.rum, reason: 'PROVIDER_REFUSED' },
    });
    return { status: 'REFUSED' };
  }
  const mobile = await signingMobile(deps, change.memberId);
  const [tenant] = await deps.db.select({ id: tenants.id, name: tenants.name }).from(tenants).where(eq(tenants.id, change.tenantId));
  await completeSignature(deps, tenant!, change, {
    place: outcome.place,
    signedAt: outcome.signedAt,
    method: `Signature électronique chez le prestataire ${providerName}`,
    mobile,
    ip: null,
    userAgent: null,
    code: null,
    providerEvidence: outcome.evidence,
  });
  return { status: 'SIGNED' };
}

/** GET /api/mandates/{id}/signed.pdf: the member's signed mandate (null: not theirs). */
export async function signedMandateOf(db: Db, memberId: string, mandateId: string) {
  const [row] = await db
    .select({ rum: sepaMandates.rum, pdf: sepaMandates.signedPdf, tenantId: sepaMandates.tenantId })
    .from(sepaMandates)
    .where(and(eq(sepaMandates.id, mandateId), eq(sepaMandates.memberId, memberId)));
  return row ? { rum: row.rum, pdf: await openMandatePdf(db, row.tenantId, mandateId, row.pdf) } : null;
}
