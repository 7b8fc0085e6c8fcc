import { ACCOUNT_BLOCK_HOURS, PASSWORD_MAX_FAILURES, loginTypeOf, normaliseLogin } from '@mutua/contracts/auth';
import { isFeatureEnabled } from '@mutua/contracts/features';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { accounts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { HOUR_MS, parisDate } from '../../lib/clock';
import { metrics } from '../../lib/metrics';
import {
  type AccountWithMember,
  clearPasswordFailures,
  contactEmails,
  findAccountByLogin,
  hasContractInForce,
  isAccountBlocked,
  recordPasswordFailure,
} from './accounts';
import { type AuthDeps, type RequestContext, isIpBlocked, recordIpFailure } from './context';
import { sha256 } from '../../core/crypto';
import { type LoginOutcome, startCodeStep, verifyCode } from './mfa';
import { verifyPassword } from './passwords';

/** Unknown identifiers are blocked like accounts after as many failures, so the answers never differ. */
const UNKNOWN_IDENTIFIER_RULE = { windowMs: ACCOUNT_BLOCK_HOURS * HOUR_MS, max: PASSWORD_MAX_FAILURES, blockMs: ACCOUNT_BLOCK_HOURS * HOUR_MS };

/**
 * The password step shared by login and activation. Whatever the identifier, exactly one argon2
 * verification runs and the same answers come back: INVALID_CREDENTIALS for an unknown identifier
 * or a wrong password, ACCOUNT_BLOCKED for a blocked identifier whatever the password.
 */
async function passwordStep(deps: AuthDeps, ctx: RequestContext, login: string, password: string): Promise<AccountWithMember> {
  if (await isIpBlocked(deps, ctx)) {
    await deps.audit.record({ kind: 'LOGIN_REFUSED', tenantId: ctx.tenant.id, ip: ctx.ip, details: { reason: 'IP_BLOCKED' } });
    throw new AppError('IP_BLOCKED');
  }
  const normalised = normaliseLogin(login);
  const identifierType = loginTypeOf(normalised) ?? 'OTHER';
  // Only the identifier's type reaches the audit; the counter key is a hash (never a NIR in clear).
  const found = await findAccountByLogin(deps.db, ctx.tenant.id, normalised, { nirLogin: isFeatureEnabled(ctx.tenant.features, 'NIR_LOGIN') });
  const unknownKey = `login-fail:${ctx.tenant.id}:${sha256(normalised)}`;
  const now = deps.clock.now();
  const blocked = found ? isAccountBlocked(found.account, now) : (await deps.counters.blockedUntil(unknownKey)) !== null;
  const passwordOk = await verifyPassword(found?.account.passwordHash ?? null, password);

  if (blocked) {
    await deps.audit.record({
      kind: 'LOGIN_REFUSED',
      tenantId: ctx.tenant.id,
      memberId: found?.member.id,
      ip: ctx.ip,
      details: { reason: 'ACCOUNT_BLOCKED', identifierType },
    });
    throw new AppError('ACCOUNT_BLOCKED');
  }
  if (!passwordOk) {
    await recordIpFailure(deps, ctx);
    const blockedNow = found
      ? (await recordPasswordFailure(deps.db, found.account.id, now)).blockedNow
      : (await deps.counters.hit(unknownKey, UNKNOWN_IDENTIFIER_RULE)).hits >= PASSWORD_MAX_FAILURES;
    await deps.audit.record({ kind: 'LOGIN_FAILED', tenantId: ctx.tenant.id, memberId: found?.member.id, ip: ctx.ip, details: { identifierType } });
    metrics.signInFailures.inc({ step: 'password' });
    if (blockedNow) {
      metrics.lockouts.inc({ step: 'password' });
      await deps.audit.record({ kind: 'ACCOUNT_BLOCKED', tenantId: ctx.tenant.id, memberId: found?.member.id, ip: ctx.ip, details: { identifierType } });
      throw new AppError('ACCOUNT_BLOCKED');
    }
    throw new AppError('INVALID_CREDENTIALS');
  }
  // passwordOk implies an account.
  const account = found!;
  if (account.account.consecutiveFailures > 0 || account.account.blockedUntil) await clearPasswordFailures(deps.db, account.account.id);
  return account;
}

/** After a right password: code-step block, spam block, then the code (or the address choice). */
async function toCodeStep(deps: AuthDeps, ctx: RequestContext, found: AccountWithMember, spamCleared: boolean): Promise<LoginOutcome> {
  const { account, member } = found;
  const base = { tenantId: ctx.tenant.id, memberId: member.id, ip: ctx.ip };
  if (account.mfaBlockedUntil && account.mfaBlockedUntil > deps.clock.now()) {
    await deps.audit.record({ kind: 'LOGIN_REFUSED', ...base, details: { reason: 'MFA_BLOCKED' } });
    throw new AppError('MFA_BLOCKED');
  }
  if (account.spamBlocked) {
    if (!spamCleared) {
      await deps.audit.record({ kind: 'LOGIN_REFUSED', ...base, details: { reason: 'SPAM_BLOCKED' } });
      throw new AppError('SPAM_BLOCKED');
    }
    await deps.db.update(accounts).set({ spamBlocked: false }).where(eq(accounts.id, account.id));
    await deps.audit.record({ kind: 'SPAM_CLEARED', ...base });
  }
  const emails = await contactEmails(deps.db, member.id);
  if (emails.length === 0) throw new AppError('PROFILE_FAILURE');
  await deps.audit.record({ kind: 'LOGIN_PASSWORD_OK', ...base });
  return startCodeStep(deps, ctx, found, emails.slice(0, 2));
}

/** POST /api/auth/login. */
export async function login(deps: AuthDeps, ctx: RequestContext, input: { login: string; password: string; spamCleared: boolean }): Promise<LoginOutcome> {
  const found = await passwordStep(deps, ctx, input.login, input.password);
  if (found.account.status === 'NOT_ACTIVATED') {
    await deps.audit.record({ kind: 'LOGIN_REFUSED', tenantId: ctx.tenant.id, memberId: found.member.id, ip: ctx.ip, details: { reason: 'NOT_ACTIVATED' } });
    throw new AppError('ACCOUNT_NOT_ACTIVATED');
  }
  return toCodeStep(deps, ctx, found, input.spamCleared);
}

/**
 * POST /api/auth/activate-account/affiliation: an account created for the member (not activated)
 * becomes active once the member proves the password and a contract is in force; then the code step.
 */
export async function activateAccount(
  deps: AuthDeps,
  ctx: RequestContext,
  input: { login: string; password: string; spamCleared: boolean },
): Promise<LoginOutcome> {
  const found = await passwordStep(deps, ctx, input.login, input.password);
  if (found.account.status !== 'NOT_ACTIVATED') throw new AppError('ACCOUNT_ALREADY_CREATED');
  if (!(await hasContractInForce(deps.db, found.member.id, parisDate(deps.clock.now())))) throw new AppError('UNAFFILIATED_ACCOUNT');
  await deps.db
    .update(accounts)
    .set({ status: 'ACTIVE' })
    .where(and(eq(accounts.id, found.account.id), eq(accounts.status, 'NOT_ACTIVATED')));
  await deps.audit.record({ kind: 'ACCOUNT_ACTIVATED', tenantId: ctx.tenant.id, memberId: found.member.id, ip: ctx.ip });
  return toCodeStep(deps, ctx, { ...found, account: { ...found.account, status: 'ACTIVE' } }, input.spamCleared);
}

/**
 * POST /api/auth/validate-mfa: the right code opens a session with a new random id (any session the
 * browser held is ended), sets the cookies and a new anti-forgery token bound to the new session.
 */
export async function openSessionWithCode(
  deps: AuthDeps,
  ctx: RequestContext,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { sessionId: string; code: string },
): Promise<void> {
  const { account, attempt } = await verifyCode(deps, ctx, input.sessionId, input.code);
  const now = deps.clock.now();
  if (request.session) await deps.sessions.end(request.session.id, 'REPLACED');
  await deps.db
    .update(accounts)
    .set({
      previousConnectionAt: sql`${accounts.lastConnectionAt}`,
      lastConnectionAt: now,
      firstConnection: sql`${accounts.lastConnectionAt} IS NULL`,
      consecutiveFailures: 0,
      blockedUntil: null,
    })
    .where(eq(accounts.id, account.id));
  const { cookieValue, session } = await deps.sessions.open({
    accountId: account.id,
    memberId: attempt.memberId,
    tenantId: ctx.tenant.id,
    ip: ctx.ip,
    userAgent: ctx.userAgent,
  });
  request.session = session;
  reply.setSessionCookies(cookieValue);
  reply.issueXsrfToken();
  await deps.audit.record({ kind: 'SESSION_OPENED', tenantId: ctx.tenant.id, memberId: attempt.memberId, ip: ctx.ip });
}

/** GET /api/auth/logout: ends the session server-side and clears the cookies; answers where to go. */
export async function logout(deps: AuthDeps, ctx: RequestContext, request: FastifyRequest, reply: FastifyReply): Promise<string | null> {
  const session = request.session;
  if (session) {
    await deps.sessions.end(session.id, 'LOGOUT');
    await deps.audit.record({ kind: 'LOGOUT', tenantId: ctx.tenant.id, memberId: session.memberId, ip: ctx.ip });
    request.session = null;
  }
  reply.clearSessionCookies();
  reply.issueXsrfToken();
  return ctx.tenant.logoutRedirectUrl;
}
