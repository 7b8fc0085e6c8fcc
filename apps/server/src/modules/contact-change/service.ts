import { MFA_BLOCK_HOURS, MFA_MAX_ATTEMPTS, maskEmail } from '@mutua/contracts/auth';
import { CONTACT_CHANGE_FRESH_MINUTES, CONTACT_CHANGE_LINK_HOURS, type TContactChangeRequest } from '@mutua/contracts/contact-change';
import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, contactChanges, contacts, type ContactChangeKind } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { HOUR_MS, MINUTE_MS, addMs } from '../../lib/clock';
// Auth internals (re-authentication, request context, queued mail): this module extends the sign-in area.
import {
  mainInsured,
  newToken,
  queueMail,
  recordPasswordFailure,
  sha256,
  verifyPassword,
  type ActiveSession,
  type AuthDeps,
  type RequestContext,
} from '../auth/public';
import { contactChangeMails } from './mails';
import { checkCode, dropCode, issueCode, openChallenge, verifiedSince } from '../verification/public';

/**
 * Changing the e-mail address or mobile number that receives codes:
 * 1. asked with the current password, or within CONTACT_CHANGE_FRESH_MINUTES of a code passed by this
 *    session (the sign-in code that opened it, or a code of this flow);
 * 2. confirmed from the new address (single-use link, the member signed in) or the new number (SMS
 *    code through the verification module, wrong codes counted per account);
 * 3. applied, and the old address told what changed and what to do if it was not them.
 */

const SMS_CODE_MINUTES = 10;
const SMS_RESEND_SECONDS = 60;
const MOBILE_CHANGE_LIFETIME_MS = 30 * MINUTE_MS;
const CODE_RULE = { maxFailures: MFA_MAX_ATTEMPTS, blockMs: MFA_BLOCK_HOURS * HOUR_MS };

const sessionBinding = (session: ActiveSession) => `session:${session.id}`;
export const maskMobile = (n: string) => `${n.slice(0, 2)} ** ** ** ${n.slice(-2)}`;

async function contactOf(db: Pick<Db, 'select'>, memberId: string) {
  const [row] = await db.select().from(contacts).where(eq(contacts.memberId, memberId)).orderBy(asc(contacts.id)).limit(1);
  return row ?? null;
}

/** Password, or a fresh code: a session opened by a code minutes ago, or a code of this flow. */
async function assertReauthenticated(deps: AuthDeps, ctx: RequestContext, session: ActiveSession, password: string | undefined): Promise<void> {
  const [account] = await deps.db.select().from(accounts).where(eq(accounts.id, session.accountId));
  if (!account) throw new AppError('UNAUTHENTICATED');
  if (password !== undefined) {
    if (await verifyPassword(account.passwordHash, password)) return;
    const { blockedNow } = await recordPasswordFailure(deps.db, account.id, deps.clock.now());
    await deps.audit.record({
      kind: 'CONTACT_CHANGE_REFUSED',
      tenantId: ctx.tenant.id,
      memberId: session.memberId,
      ip: ctx.ip,
      details: { reason: 'PASSWORD' },
    });
    throw new AppError(blockedNow ? 'ACCOUNT_BLOCKED' : 'CURRENT_PASSWORD_WRONG');
  }
  const since = addMs(deps.clock.now(), -CONTACT_CHANGE_FRESH_MINUTES * MINUTE_MS);
  const openedByCodeRecently = !session.isBoAuthentication && session.createdAt > since;
  if (openedByCodeRecently || (await verifiedSince(deps, sessionBinding(session), ['CONTACT_CHANGE'], since))) return;
  throw new AppError('REAUTH_REQUIRED');
}

/** Pending changes of that kind are replaced by the new one. */
async function cancelPending(db: Pick<Db, 'update'>, memberId: string, kind: ContactChangeKind, now: Date) {
  await db
    .update(contactChanges)
    .set({ cancelledAt: now })
    .where(and(eq(contactChanges.memberId, memberId), eq(contactChanges.kind, kind), isNull(contactChanges.confirmedAt), isNull(contactChanges.cancelledAt)));
}

/** POST /api/contact-change → 202 with the masked destination. */
export async function requestContactChange(deps: AuthDeps, ctx: RequestContext, session: ActiveSession, input: TContactChangeRequest) {
  await assertReauthenticated(deps, ctx, session, input.password);
  const now = deps.clock.now();
  const contact = await contactOf(deps.db, session.memberId);
  const identity = await mainInsured(deps.db, session.memberId);
  const firstName = identity?.firstName ?? '';
  const base = { tenantId: ctx.tenant.id, memberId: session.memberId, ip: ctx.ip };

  if (input.kind === 'email') {
    const value = input.value.toLowerCase();
    if (contact?.email?.toLowerCase() === value) throw new AppError('CONTACT_UNCHANGED');
    const token = newToken();
    const expiresAt = addMs(now, CONTACT_CHANGE_LINK_HOURS * HOUR_MS);
    await deps.db.transaction(async (tx) => {
      await cancelPending(tx, session.memberId, 'EMAIL', now);
      await tx.insert(contactChanges).values({
        tenantId: ctx.tenant.id,
        memberId: session.memberId,
        kind: 'EMAIL',
        oldValue: contact?.email ?? null,
        newValue: value,
        tokenHash: sha256(token),
        createdAt: now,
        expiresAt,
      });
      const link = `${ctx.origin}/contact-change/confirm/${token}`;
      await queueMail(deps, ctx, value, contactChangeMails.contactChangeLink(ctx.brand, { firstName, link, hours: CONTACT_CHANGE_LINK_HOURS }), tx);
    });
    deps.notifier.wake();
    await deps.audit.record({ kind: 'CONTACT_CHANGE_REQUESTED', ...base, details: { kind: 'EMAIL', to: maskEmail(value) } });
    return { kind: 'email' as const, status: 'PENDING' as const, destination: maskEmail(value), expiresAt: expiresAt.toISOString() };
  }

  const value = input.value;
  if (contact?.mobileNumber === value && contact.mobileConfirmedAt) throw new AppError('CONTACT_UNCHANGED');
  await cancelPending(deps.db, session.memberId, 'MOBILE', now);
  const challenge = await openChallenge(deps, {
    tenantId: ctx.tenant.id,
    memberId: session.memberId,
    purpose: 'CONTACT_CHANGE',
    channel: 'SMS',
    destination: value,
    binding: sessionBinding(session),
    counterKey: `CONTACT_CHANGE:${session.accountId}`,
    lifetimeMs: MOBILE_CHANGE_LIFETIME_MS,
  });
  const [change] = await deps.db
    .insert(contactChanges)
    .values({
      tenantId: ctx.tenant.id,
      memberId: session.memberId,
      kind: 'MOBILE',
      oldValue: contact?.mobileNumber ?? null,
      newValue: value,
      challengeId: challenge.id,
      createdAt: now,
      expiresAt: challenge.expiresAt,
    })
    .returning();
  const { code } = await issueCode(deps, challenge.id, { codeMinutes: SMS_CODE_MINUTES, resendSeconds: SMS_RESEND_SECONDS });
  try {
    // A code: sent inline, never queued (see Notifier).
    await deps.notifier.smsNow({
      tenantId: ctx.tenant.id,
      kind: 'CONTACT_CHANGE_CODE',
      to: value,
      text: `${ctx.tenant.name}\u00a0: votre code de confirmation est ${code}. Il est valable ${SMS_CODE_MINUTES} minutes. Ne le communiquez à personne.`,
    });
  } catch (error) {
    deps.log.warn({ err: error }, 'contact-change SMS not sent');
    await dropCode(deps, challenge.id);
    await deps.db.update(contactChanges).set({ cancelledAt: now }).where(eq(contactChanges.id, change!.id));
    throw new AppError('SMS_SEND_FAILED');
  }
  await deps.audit.record({ kind: 'CONTACT_CHANGE_REQUESTED', ...base, details: { kind: 'MOBILE', to: maskMobile(value) } });
  return { kind: 'mobile' as const, status: 'PENDING' as const, destination: maskMobile(value), expiresAt: challenge.expiresAt.toISOString() };
}

/** POST /api/contact-change/confirm { token } | { code }: applies the change and tells the old address. */
export async function confirmContactChange(deps: AuthDeps, ctx: RequestContext, session: ActiveSession, input: { token: string } | { code: string }) {
  const now = deps.clock.now();
  let change;
  if ('token' in input) {
    // Only the member who asked, signed in: a forwarded or intercepted link alone changes nothing.
    [change] = await deps.db
      .update(contactChanges)
      .set({ confirmedAt: now })
      .where(
        and(
          eq(contactChanges.tokenHash, sha256(input.token)),
          eq(contactChanges.memberId, session.memberId),
          eq(contactChanges.tenantId, ctx.tenant.id),
          isNull(contactChanges.confirmedAt),
          isNull(contactChanges.cancelledAt),
          gt(contactChanges.expiresAt, now),
        ),
      )
      .returning();
    if (!change) throw new AppError('LINK_EXPIRED');
  } else {
    const [pending] = await deps.db
      .select()
      .from(contactChanges)
      .where(
        and(
          eq(contactChanges.memberId, session.memberId),
          eq(contactChanges.kind, 'MOBILE'),
          isNull(contactChanges.confirmedAt),
          isNull(contactChanges.cancelledAt),
          gt(contactChanges.expiresAt, now),
        ),
      )
      .orderBy(desc(contactChanges.createdAt))
      .limit(1);
    if (!pending?.challengeId) throw new AppError('MFA_CODE_UNKNOWN');
    const result = await checkCode(deps, pending.challengeId, input.code, CODE_RULE);
    if (result.status === 'ok' && result.challenge.binding !== sessionBinding(session)) throw new AppError('MFA_CODE_UNKNOWN');
    if (result.status === 'unknown') throw new AppError('MFA_CODE_UNKNOWN');
    if (result.status === 'expired') throw new AppError('MFA_CODE_EXPIRED');
    if (result.status === 'blocked') throw new AppError('MFA_BLOCKED');
    if (result.status === 'wrong') throw new AppError('MFA_CODE_WRONG', undefined, { remainingAttempts: result.remaining });
    [change] = await deps.db
      .update(contactChanges)
      .set({ confirmedAt: now })
      .where(and(eq(contactChanges.id, pending.id), isNull(contactChanges.confirmedAt), isNull(contactChanges.cancelledAt)))
      .returning();
    if (!change) throw new AppError('MFA_CODE_UNKNOWN');
  }
  const applied = change;
  const identity = await mainInsured(deps.db, session.memberId);
  await deps.db.transaction(async (tx) => {
    const contact = await contactOf(tx, session.memberId);
    const values = applied.kind === 'EMAIL' ? { email: applied.newValue } : { mobileNumber: applied.newValue, mobileConfirmedAt: now };
    if (contact) await tx.update(contacts).set(values).where(eq(contacts.id, contact.id));
    else await tx.insert(contacts).values({ memberId: session.memberId, ...values });
    // Told at the address in use before the change (for a mobile change: the current e-mail).
    const oldAddress = applied.kind === 'EMAIL' ? applied.oldValue : contact?.email;
    if (oldAddress) {
      const shown = applied.kind === 'EMAIL' ? maskEmail(applied.newValue) : maskMobile(applied.newValue);
      await queueMail(
        deps,
        ctx,
        oldAddress,
        contactChangeMails.contactChanged(ctx.brand, {
          firstName: identity?.firstName ?? '',
          what: applied.kind,
          newValue: shown,
          at: now,
          forgotPasswordUrl: `${ctx.origin}/login/forgot-password`,
        }),
        tx,
      );
    }
  });
  deps.notifier.wake();
  await deps.audit.record({ kind: 'CONTACT_CHANGED', tenantId: ctx.tenant.id, memberId: session.memberId, ip: ctx.ip, details: { kind: applied.kind } });
  return { kind: applied.kind === 'EMAIL' ? ('email' as const) : ('mobile' as const), confirmed: true as const };
}
