import {
  MFA_BLOCK_HOURS,
  MFA_DEFAULT_CODE_DURATION_MINUTES,
  MFA_DEFAULT_RESEND_TIMEOUT_SECONDS,
  MFA_MAX_ATTEMPTS,
  maskEmails,
  type TMfaState,
} from '@mutua/contracts';
import { and, eq, gt, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { accounts, loginAttempts, type Account, type LoginAttempt } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { HOUR_MS, MINUTE_MS, addMs } from '../../lib/clock';
import { mailTemplates } from '../mail/templates';
import { mainInsured, type AccountWithMember } from './accounts';
import { type AuthDeps, type RequestContext, isIpBlocked, recordIpFailure, sendMail } from './context';
import { codeHash, newCode, newToken, sameHex, sha256 } from './crypto';

/** How long the code step may last after the password step, resends included. */
const ATTEMPT_LIFETIME_MS = HOUR_MS;

const codeDurationMinutes = (ctx: RequestContext) => ctx.tenant.settings.mfaCodeDurationMinutes || MFA_DEFAULT_CODE_DURATION_MINUTES;
const resendTimeoutSeconds = (ctx: RequestContext) => ctx.tenant.settings.mfaResendTimeoutSeconds ?? MFA_DEFAULT_RESEND_TIMEOUT_SECONDS;

export type LoginOutcome = { mfa: TMfaState } | { sessionId: string; emails: string[] };

/**
 * After the password step: opens a login attempt and sends the code to the member's only address, or
 * answers the masked list when there are two to choose from.
 */
export async function startCodeStep(deps: AuthDeps, ctx: RequestContext, found: AccountWithMember, emails: string[]): Promise<LoginOutcome> {
  const now = deps.clock.now();
  const sessionId = newToken();
  const [attempt] = await deps.db
    .insert(loginAttempts)
    .values({
      tokenHash: sha256(sessionId),
      accountId: found.account.id,
      memberId: found.member.id,
      tenantId: ctx.tenant.id,
      candidateEmails: emails,
      chosenEmail: emails.length === 1 ? emails[0]! : null,
      expiresAt: addMs(now, ATTEMPT_LIFETIME_MS),
      ip: ctx.ip,
      createdAt: now,
    })
    .returning();
  if (emails.length > 1) return { sessionId, emails: maskEmails(emails) };
  return { mfa: await sendCode(deps, ctx, attempt!, sessionId) };
}

/** The attempt a sessionId designates, while it is open (not used, not stale, same tenant). */
async function openAttempt(deps: AuthDeps, ctx: RequestContext, sessionId: string): Promise<LoginAttempt> {
  const [attempt] = await deps.db
    .select()
    .from(loginAttempts)
    .where(and(eq(loginAttempts.tokenHash, sha256(sessionId)), isNull(loginAttempts.usedAt), gt(loginAttempts.expiresAt, deps.clock.now())));
  if (!attempt || attempt.tenantId !== ctx.tenant.id) throw new AppError('MFA_CODE_UNKNOWN');
  return attempt;
}

async function accountOf(deps: AuthDeps, attempt: LoginAttempt): Promise<Account> {
  const [account] = await deps.db.select().from(accounts).where(eq(accounts.id, attempt.accountId));
  if (!account) throw new AppError('MFA_CODE_UNKNOWN');
  return account;
}

function assertCodeStepOpen(deps: AuthDeps, account: Account): void {
  if (account.mfaBlockedUntil && account.mfaBlockedUntil > deps.clock.now()) throw new AppError('MFA_BLOCKED');
}

function mfaState(deps: AuthDeps, ctx: RequestContext, attempt: LoginAttempt, sessionId: string): TMfaState {
  const now = deps.clock.now();
  const masked = maskEmails(attempt.candidateEmails);
  const index = attempt.candidateEmails.indexOf(attempt.chosenEmail ?? '');
  const expiresAt = attempt.codeExpiresAt ?? now;
  return {
    email: masked[index] ?? '',
    codeDuration: codeDurationMinutes(ctx),
    sessionId,
    expired: expiresAt <= now,
    expiresAt: expiresAt.toISOString(),
    resendTimeout: resendTimeoutSeconds(ctx),
    resendAvailableAt: (attempt.resendAvailableAt ?? now).toISOString(),
    environmentNoReplyEmail: ctx.tenant.settings.noReplyEmail,
  };
}

/**
 * A fresh code for the attempt (replacing any previous one), mailed to the chosen address. When the
 * mail cannot be sent the attempt stays, with a resend allowed at once (MAIL_SEND_FAILED carries the
 * sessionId so the SPA can offer it).
 */
async function sendCode(deps: AuthDeps, ctx: RequestContext, attempt: LoginAttempt, sessionId: string): Promise<TMfaState> {
  const now = deps.clock.now();
  const code = newCode();
  const [updated] = await deps.db
    .update(loginAttempts)
    .set({
      codeHash: codeHash(deps.secret, attempt.id, code),
      codeExpiresAt: addMs(now, codeDurationMinutes(ctx) * MINUTE_MS),
      codeSentAt: now,
      resendAvailableAt: addMs(now, resendTimeoutSeconds(ctx) * 1000),
    })
    .where(eq(loginAttempts.id, attempt.id))
    .returning();
  const identity = await mainInsured(deps.db, attempt.memberId);
  const to = attempt.chosenEmail!;
  try {
    await sendMail(deps, ctx, to, mailTemplates.mfaCode(ctx.brand, { firstName: identity?.firstName ?? '', code, minutes: codeDurationMinutes(ctx) }));
  } catch (error) {
    deps.log.warn({ err: error }, 'code mail not sent');
    // Nobody can know the undelivered code: drop it, and let a resend happen right away.
    await deps.db.update(loginAttempts).set({ codeHash: null, resendAvailableAt: now }).where(eq(loginAttempts.id, attempt.id));
    await deps.audit.record({ kind: 'MFA_CODE_SEND_FAILED', tenantId: ctx.tenant.id, memberId: attempt.memberId, ip: ctx.ip });
    throw new AppError('MAIL_SEND_FAILED', undefined, { sessionId });
  }
  await deps.audit.record({
    kind: 'MFA_CODE_SENT',
    tenantId: ctx.tenant.id,
    memberId: attempt.memberId,
    ip: ctx.ip,
    details: { to: mfaState(deps, ctx, updated!, sessionId).email },
  });
  return mfaState(deps, ctx, updated!, sessionId);
}

/** select-email: the member picks one of the listed (masked) addresses; the code goes there. */
export async function selectEmail(deps: AuthDeps, ctx: RequestContext, sessionId: string, email: string): Promise<TMfaState> {
  const attempt = await openAttempt(deps, ctx, sessionId);
  assertCodeStepOpen(deps, await accountOf(deps, attempt));
  const masked = maskEmails(attempt.candidateEmails);
  const wanted = email.trim().toLowerCase();
  const index = attempt.candidateEmails.findIndex((e, i) => masked[i]!.toLowerCase() === wanted || e.toLowerCase() === wanted);
  if (index < 0) throw new AppError('VALIDATION_FAILED');
  const [chosen] = await deps.db
    .update(loginAttempts)
    .set({ chosenEmail: attempt.candidateEmails[index]! })
    .where(and(eq(loginAttempts.id, attempt.id), isNull(loginAttempts.chosenEmail)))
    .returning();
  if (!chosen) throw new AppError('MFA_CODE_UNKNOWN');
  return sendCode(deps, ctx, chosen, sessionId);
}

/** regenerate-mfa: a new code replacing the old one, not before resendTimeout seconds. */
export async function regenerateCode(deps: AuthDeps, ctx: RequestContext, sessionId: string): Promise<TMfaState> {
  const attempt = await openAttempt(deps, ctx, sessionId);
  if (!attempt.chosenEmail) throw new AppError('MFA_CODE_UNKNOWN');
  assertCodeStepOpen(deps, await accountOf(deps, attempt));
  const now = deps.clock.now();
  // Claim the resend atomically: two concurrent requests cannot both send.
  const [claimed] = await deps.db
    .update(loginAttempts)
    .set({ resendAvailableAt: addMs(now, resendTimeoutSeconds(ctx) * 1000) })
    .where(and(eq(loginAttempts.id, attempt.id), or(isNull(loginAttempts.resendAvailableAt), lte(loginAttempts.resendAvailableAt, now))))
    .returning();
  if (!claimed) {
    throw new AppError('MFA_RESEND_TOO_SOON', undefined, { resendAvailableAt: attempt.resendAvailableAt?.toISOString() ?? null });
  }
  return sendCode(deps, ctx, claimed, sessionId);
}

/**
 * validate-mfa: checks the code of the attempt. Each check first takes one of the MFA_MAX_ATTEMPTS
 * slots with an atomic increment, so concurrent wrong codes cannot exceed the count; the last wrong
 * code blocks the code step of the account for MFA_BLOCK_HOURS. A right code is used once.
 */
export async function verifyCode(deps: AuthDeps, ctx: RequestContext, sessionId: string, code: string): Promise<{ account: Account; attempt: LoginAttempt }> {
  if (await isIpBlocked(deps, ctx)) throw new AppError('IP_BLOCKED');
  const attempt = await openAttempt(deps, ctx, sessionId);
  const account = await accountOf(deps, attempt);
  assertCodeStepOpen(deps, account);
  const now = deps.clock.now();
  if (!attempt.codeHash || !attempt.codeExpiresAt) throw new AppError('MFA_CODE_UNKNOWN');
  if (attempt.codeExpiresAt <= now) throw new AppError('MFA_CODE_EXPIRED');

  const [slot] = await deps.db
    .update(loginAttempts)
    .set({ attempts: sql`${loginAttempts.attempts} + 1` })
    .where(and(eq(loginAttempts.id, attempt.id), isNull(loginAttempts.usedAt), lt(loginAttempts.attempts, MFA_MAX_ATTEMPTS)))
    .returning({ attempts: loginAttempts.attempts, codeHash: loginAttempts.codeHash });
  if (!slot) {
    await blockCodeStep(deps, ctx, attempt);
    throw new AppError('MFA_BLOCKED');
  }
  if (!slot.codeHash || !sameHex(slot.codeHash, codeHash(deps.secret, attempt.id, code))) {
    await recordIpFailure(deps, ctx);
    if (slot.attempts >= MFA_MAX_ATTEMPTS) {
      await blockCodeStep(deps, ctx, attempt);
      throw new AppError('MFA_BLOCKED');
    }
    await deps.audit.record({ kind: 'MFA_FAILED', tenantId: ctx.tenant.id, memberId: attempt.memberId, ip: ctx.ip, details: { attempts: slot.attempts } });
    throw new AppError('MFA_CODE_WRONG', undefined, { remainingAttempts: MFA_MAX_ATTEMPTS - slot.attempts });
  }
  const [used] = await deps.db
    .update(loginAttempts)
    .set({ usedAt: now })
    .where(and(eq(loginAttempts.id, attempt.id), isNull(loginAttempts.usedAt)))
    .returning({ id: loginAttempts.id });
  if (!used) throw new AppError('MFA_CODE_UNKNOWN');
  return { account, attempt };
}

async function blockCodeStep(deps: AuthDeps, ctx: RequestContext, attempt: LoginAttempt): Promise<void> {
  const now = deps.clock.now();
  const [blocked] = await deps.db
    .update(accounts)
    .set({ mfaBlockedUntil: addMs(now, MFA_BLOCK_HOURS * HOUR_MS) })
    .where(and(eq(accounts.id, attempt.accountId), or(isNull(accounts.mfaBlockedUntil), lte(accounts.mfaBlockedUntil, now))))
    .returning({ until: accounts.mfaBlockedUntil });
  if (blocked) {
    await deps.audit.record({ kind: 'MFA_BLOCKED', tenantId: ctx.tenant.id, memberId: attempt.memberId, ip: ctx.ip, details: { until: blocked.until?.toISOString() } });
  }
}
