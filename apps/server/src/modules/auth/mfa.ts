import {
  MFA_BLOCK_HOURS,
  MFA_DEFAULT_CODE_DURATION_MINUTES,
  MFA_DEFAULT_RESEND_TIMEOUT_SECONDS,
  MFA_MAX_ATTEMPTS,
  maskEmails,
  type TMfaState,
} from '@mutua/contracts/auth';
import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { accounts, loginAttempts, type Account, type LoginAttempt, type VerificationChallenge } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { HOUR_MS, addMs } from '../../lib/clock';
import { authMails } from './mails';
import { metrics } from '../../lib/metrics';
import { checkCode, claimResend, dropCode, issueCode, openChallenge, openChallengeById } from '../verification/public';
import { mainInsured, type AccountWithMember } from './accounts';
import { type AuthDeps, type RequestContext, isIpBlocked, mailNow, recordIpFailure } from './context';
import { newToken, sha256 } from '../../core/crypto';

/** How long the code step may last after the password step, resends included. */
const ATTEMPT_LIFETIME_MS = HOUR_MS;

const codeDurationMinutes = (ctx: RequestContext) => ctx.tenant.settings.mfaCodeDurationMinutes || MFA_DEFAULT_CODE_DURATION_MINUTES;
const resendTimeoutSeconds = (ctx: RequestContext) => ctx.tenant.settings.mfaResendTimeoutSeconds ?? MFA_DEFAULT_RESEND_TIMEOUT_SECONDS;

/** Wrong codes count per account across login attempts: 5 in a row block the code step for 2 hours. */
export const signInCounterKey = (accountId: string) => `SIGN_IN:${accountId}`;
const CODE_RULE = { maxFailures: MFA_MAX_ATTEMPTS, blockMs: MFA_BLOCK_HOURS * HOUR_MS };

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
  return { mfa: await sendCode(deps, ctx, await withChallenge(deps, attempt!), sessionId) };
}

/** The attempt's code challenge (e-mail to the chosen address), opened once the address is known. */
async function withChallenge(deps: AuthDeps, attempt: LoginAttempt): Promise<LoginAttempt & { challenge: VerificationChallenge }> {
  const challenge = await openChallenge(deps, {
    tenantId: attempt.tenantId,
    memberId: attempt.memberId,
    purpose: 'SIGN_IN',
    channel: 'EMAIL',
    destination: attempt.chosenEmail!,
    binding: `attempt:${attempt.tokenHash}`,
    counterKey: signInCounterKey(attempt.accountId),
    lifetimeMs: Math.max(attempt.expiresAt.getTime() - deps.clock.now().getTime(), 0),
  });
  await deps.db.update(loginAttempts).set({ challengeId: challenge.id }).where(eq(loginAttempts.id, attempt.id));
  return { ...attempt, challengeId: challenge.id, challenge };
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

function mfaState(deps: AuthDeps, ctx: RequestContext, attempt: LoginAttempt, challenge: VerificationChallenge | null, sessionId: string): TMfaState {
  const now = deps.clock.now();
  const masked = maskEmails(attempt.candidateEmails);
  const index = attempt.candidateEmails.indexOf(attempt.chosenEmail ?? '');
  const expiresAt = challenge?.codeExpiresAt ?? now;
  return {
    email: masked[index] ?? '',
    codeDuration: codeDurationMinutes(ctx),
    sessionId,
    expired: expiresAt <= now,
    expiresAt: expiresAt.toISOString(),
    resendTimeout: resendTimeoutSeconds(ctx),
    resendAvailableAt: (challenge?.resendAvailableAt ?? now).toISOString(),
    environmentNoReplyEmail: ctx.tenant.settings.noReplyEmail,
  };
}

/**
 * A fresh code for the attempt (replacing any previous one), mailed to the chosen address at once
 * (see Notifier: codes are sent inline, never queued). When the mail cannot be sent the attempt
 * stays, with a resend allowed at once (MAIL_SEND_FAILED carries the sessionId so the SPA can offer it).
 */
async function sendCode(
  deps: AuthDeps,
  ctx: RequestContext,
  attempt: LoginAttempt & { challenge: VerificationChallenge },
  sessionId: string,
): Promise<TMfaState> {
  const { challenge, code } = await issueCode(deps, attempt.challenge.id, { codeMinutes: codeDurationMinutes(ctx), resendSeconds: resendTimeoutSeconds(ctx) });
  const identity = await mainInsured(deps.db, attempt.memberId);
  try {
    await mailNow(
      deps,
      ctx,
      challenge.destination,
      authMails.mfaCode(ctx.brand, { firstName: identity?.firstName ?? '', code, minutes: codeDurationMinutes(ctx) }),
    );
  } catch (error) {
    deps.log.warn({ err: error }, 'code mail not sent');
    await dropCode(deps, challenge.id);
    await deps.audit.record({ kind: 'MFA_CODE_SEND_FAILED', tenantId: ctx.tenant.id, memberId: attempt.memberId, ip: ctx.ip });
    throw new AppError('MAIL_SEND_FAILED', undefined, { sessionId });
  }
  const state = mfaState(deps, ctx, attempt, challenge, sessionId);
  await deps.audit.record({ kind: 'MFA_CODE_SENT', tenantId: ctx.tenant.id, memberId: attempt.memberId, ip: ctx.ip, details: { to: state.email } });
  return state;
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
  return sendCode(deps, ctx, await withChallenge(deps, chosen), sessionId);
}

/** regenerate-mfa: a new code replacing the old one, not before resendTimeout seconds. */
export async function regenerateCode(deps: AuthDeps, ctx: RequestContext, sessionId: string): Promise<TMfaState> {
  const attempt = await openAttempt(deps, ctx, sessionId);
  if (!attempt.chosenEmail || !attempt.challengeId) throw new AppError('MFA_CODE_UNKNOWN');
  assertCodeStepOpen(deps, await accountOf(deps, attempt));
  const current = await openChallengeById(deps, attempt.challengeId);
  if (!current) throw new AppError('MFA_CODE_UNKNOWN');
  // Claimed atomically: two concurrent requests cannot both send.
  const claimed = await claimResend(deps, current.id, resendTimeoutSeconds(ctx));
  if (!claimed) {
    throw new AppError('MFA_RESEND_TOO_SOON', undefined, { resendAvailableAt: current.resendAvailableAt?.toISOString() ?? null });
  }
  return sendCode(deps, ctx, { ...attempt, challenge: claimed }, sessionId);
}

/**
 * validate-mfa: checks the code of the attempt through the verification module. Wrong codes count per
 * account, across login attempts and resends (a new password step gives no new tries); each check takes
 * a slot atomically, so concurrent wrong codes cannot exceed MFA_MAX_ATTEMPTS; the last one blocks the
 * code step of the account for MFA_BLOCK_HOURS; a right code resets the count and is used once.
 */
export async function verifyCode(deps: AuthDeps, ctx: RequestContext, sessionId: string, code: string): Promise<{ account: Account; attempt: LoginAttempt }> {
  if (await isIpBlocked(deps, ctx)) throw new AppError('IP_BLOCKED');
  const attempt = await openAttempt(deps, ctx, sessionId);
  const account = await accountOf(deps, attempt);
  assertCodeStepOpen(deps, account);
  if (!attempt.challengeId) throw new AppError('MFA_CODE_UNKNOWN');

  const result = await checkCode(deps, attempt.challengeId, code, CODE_RULE);
  switch (result.status) {
    case 'unknown':
      throw new AppError('MFA_CODE_UNKNOWN');
    case 'expired':
      throw new AppError('MFA_CODE_EXPIRED');
    case 'blocked':
      metrics.signInFailures.inc({ step: 'code' });
      await recordIpFailure(deps, ctx);
      await blockCodeStep(deps, ctx, attempt, result.blockedUntil);
      throw new AppError('MFA_BLOCKED');
    case 'wrong':
      metrics.signInFailures.inc({ step: 'code' });
      await recordIpFailure(deps, ctx);
      await deps.audit.record({ kind: 'MFA_FAILED', tenantId: ctx.tenant.id, memberId: attempt.memberId, ip: ctx.ip, details: { attempts: result.failures } });
      throw new AppError('MFA_CODE_WRONG', undefined, { remainingAttempts: result.remaining });
    case 'ok':
      break;
  }
  const [used] = await deps.db
    .update(loginAttempts)
    .set({ usedAt: deps.clock.now() })
    .where(and(eq(loginAttempts.id, attempt.id), isNull(loginAttempts.usedAt)))
    .returning({ id: loginAttempts.id });
  if (!used) throw new AppError('MFA_CODE_UNKNOWN');
  return { account, attempt };
}

/** Mirrors the counter's block on the account (the password step reads it), audited once. */
async function blockCodeStep(deps: AuthDeps, ctx: RequestContext, attempt: LoginAttempt, startedUntil: Date | null): Promise<void> {
  const now = deps.clock.now();
  const until = startedUntil ?? addMs(now, MFA_BLOCK_HOURS * HOUR_MS);
  const [blocked] = await deps.db
    .update(accounts)
    .set({ mfaBlockedUntil: until })
    .where(and(eq(accounts.id, attempt.accountId), or(isNull(accounts.mfaBlockedUntil), lte(accounts.mfaBlockedUntil, now))))
    .returning({ until: accounts.mfaBlockedUntil });
  if (blocked) {
    metrics.lockouts.inc({ step: 'code' });
    await deps.audit.record({
      kind: 'MFA_BLOCKED',
      tenantId: ctx.tenant.id,
      memberId: attempt.memberId,
      ip: ctx.ip,
      details: { until: blocked.until?.toISOString() },
    });
  }
}
