import { PASSWORD_RESET_LINK_MINUTES, normaliseLogin } from '@mutua/contracts/auth';
import { isFeatureEnabled } from '@mutua/contracts/features';
import { isValidPassword } from '@mutua/contracts/password';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { MINUTE_MS } from '../../lib/clock';
import type { RenderedMail } from '../mail/public';
import { authMails } from './mails';
import { accountOfMember, contactEmails, findAccountByLogin, mainInsured, membersByContactEmail } from './accounts';
import { type AuthDeps, MAIL_REPEAT_RULE, type MailContext, type RequestContext, queueMail } from './context';
import { sha256 } from '../../core/crypto';
import { hashPassword } from './passwords';
import { consumeToken, issueToken, usableToken } from './tokens';

/** The same request within 5 minutes answers MAIL_ALREADY_SENT, known or unknown alike. */
async function refuseRepeat(deps: AuthDeps, key: string): Promise<void> {
  const state = await deps.counters.hit(key, MAIL_REPEAT_RULE);
  if (state.hits > 1) throw new AppError('MAIL_ALREADY_SENT');
}

/** What a deferred task needs of the request (the job data is sealed: see JobQueue). */
const mailContextOf = (ctx: RequestContext): MailContext => ({
  tenant: { id: ctx.tenant.id, name: ctx.tenant.name, settings: ctx.tenant.settings },
  brand: ctx.brand,
  origin: ctx.origin,
});

type ForgotLoginTask = { ctx: MailContext; address: string };
/** nirLogin: the tenant's NIR_LOGIN toggle when asked (a NIR chosen as login designates its account then). */
type ForgotPasswordTask = { ctx: MailContext; login: string; socialSecurityNumber: string; nirLogin?: boolean };

/**
 * The recovery lookups run as durable tasks after the answer: neither the answer nor its timing tells
 * whether an account matched, and a crash right after the answer loses nothing (the task is a row).
 * Call once when building the routes.
 */
export function defineRecoveryTasks(deps: AuthDeps): void {
  deps.jobs.defineTask('auth.forgot-login', (data) => sendForgottenLogin(deps, data as ForgotLoginTask));
  deps.jobs.defineTask('auth.forgot-password', (data) => sendResetLink(deps, data as ForgotPasswordTask));
}

/**
 * POST /api/auth/login/forgot-login { email }: answers `{ sent: true }` whatever the address. A member
 * with an account receives their identifiers; a member without one receives the create-account link.
 */
export async function forgotLogin(deps: AuthDeps, ctx: RequestContext, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await refuseRepeat(deps, `mail:forgot-login:${ctx.tenant.id}:${sha256(address)}`);
  await deps.audit.record({ kind: 'FORGOT_LOGIN_REQUESTED', tenantId: ctx.tenant.id, ip: ctx.ip });
  await deps.jobs.later('auth.forgot-login', { ctx: mailContextOf(ctx), address } satisfies ForgotLoginTask);
}

async function sendForgottenLogin(deps: AuthDeps, { ctx, address }: ForgotLoginTask): Promise<void> {
  const mails: RenderedMail[] = [];
  for (const member of await membersByContactEmail(deps.db, ctx.tenant.id, address)) {
    const identity = await mainInsured(deps.db, member.id);
    const account = await accountOfMember(deps.db, member.id);
    const firstName = identity?.firstName ?? '';
    mails.push(
      account
        ? authMails.forgottenLogin(ctx.brand, {
            firstName,
            logins: [member.membershipNumber, ...(account.loginEmail ? [account.loginEmail] : [])],
            loginUrl: `${ctx.origin}/login`,
          })
        : authMails.forgottenLoginNoAccount(ctx.brand, { firstName, createAccountUrl: `${ctx.origin}/login/create-account` }),
    );
  }
  if (mails.length === 0) return;
  await deps.db.transaction(async (tx) => {
    for (const mail of mails) await queueMail(deps, ctx, address, mail, tx);
  });
  deps.notifier.wake();
}

function nirMatches(identity: { nir: string | null; nirKey: string | null }, given: string): boolean {
  if (!identity.nir) return false;
  if (given.length === 13) return given === identity.nir.toUpperCase();
  return given === `${identity.nir}${identity.nirKey ?? ''}`.toUpperCase();
}

/**
 * POST /api/auth/login/forgot-password { login, socialSecurityNumber }: answers `{ sent: true }`
 * whatever the pair; when it designates an account, a reset link valid 60 minutes is mailed.
 */
export async function forgotPassword(deps: AuthDeps, ctx: RequestContext, input: { login: string; socialSecurityNumber: string }): Promise<void> {
  const login = normaliseLogin(input.login);
  await refuseRepeat(deps, `mail:forgot-password:${ctx.tenant.id}:${sha256(login)}`);
  await deps.audit.record({ kind: 'PASSWORD_RESET_REQUESTED', tenantId: ctx.tenant.id, ip: ctx.ip });
  await deps.jobs.later('auth.forgot-password', {
    ctx: mailContextOf(ctx),
    login,
    socialSecurityNumber: input.socialSecurityNumber,
    nirLogin: isFeatureEnabled(ctx.tenant.features, 'NIR_LOGIN'),
  } satisfies ForgotPasswordTask);
}

async function sendResetLink(deps: AuthDeps, { ctx, login, socialSecurityNumber, nirLogin }: ForgotPasswordTask): Promise<void> {
  const found = await findAccountByLogin(deps.db, ctx.tenant.id, login, { nirLogin });
  if (!found || found.account.status === 'NOT_ACTIVATED') return;
  const identity = await mainInsured(deps.db, found.member.id);
  if (!identity || !nirMatches(identity, socialSecurityNumber)) return;
  const to = found.account.loginEmail ?? (await contactEmails(deps.db, found.member.id))[0];
  if (!to) return;
  // The token and its mail in one transaction: a link is never issued without its mail, nor mailed twice.
  await deps.db.transaction(async (tx) => {
    const token = await issueToken(tx, deps.clock, {
      kind: 'PASSWORD_RESET',
      memberId: found.member.id,
      tenantId: ctx.tenant.id,
      lifetimeMs: PASSWORD_RESET_LINK_MINUTES * MINUTE_MS,
    });
    const link = `${ctx.origin}/login/forgot-password/${token}`;
    await queueMail(deps, ctx, to, authMails.passwordResetLink(ctx.brand, { firstName: identity.firstName, link, minutes: PASSWORD_RESET_LINK_MINUTES }), tx);
  });
  deps.notifier.wake();
}

/** GET …/reset-validation?token=: whether the link can still be used (LINK_EXPIRED otherwise). */
export async function checkResetToken(deps: AuthDeps, ctx: RequestContext, token: string): Promise<Date> {
  const row = await usableToken(deps.db, deps.clock, token, 'PASSWORD_RESET', ctx.tenant.id, 'LINK_EXPIRED');
  return row.expiresAt;
}

/**
 * POST …/reset-validation { token, password }: sets the new password, uses the link, lifts a
 * password lock, ends every session of the member, and mails the password-changed notice.
 */
export async function resetPassword(deps: AuthDeps, ctx: RequestContext, input: { token: string; password: string }): Promise<void> {
  if (!isValidPassword(input.password)) throw new AppError('PASSWORD_POLICY');
  const row = await usableToken(deps.db, deps.clock, input.token, 'PASSWORD_RESET', ctx.tenant.id, 'LINK_EXPIRED');
  const passwordHash = await hashPassword(input.password);
  if (!(await consumeToken(deps.db, deps.clock, input.token))) throw new AppError('LINK_EXPIRED');
  const now = deps.clock.now();
  const [account] = await deps.db
    .update(accounts)
    .set({ passwordHash, passwordChangedAt: now, mustRenewPassword: false, consecutiveFailures: 0, blockedUntil: null })
    .where(eq(accounts.memberId, row.memberId))
    .returning();
  if (!account) throw new AppError('LINK_EXPIRED');
  await deps.sessions.endAllOfMember(row.memberId, 'PASSWORD_RESET');
  await deps.audit.record({ kind: 'PASSWORD_RESET', tenantId: ctx.tenant.id, memberId: row.memberId, ip: ctx.ip });
  await notifyPasswordChanged(deps, ctx, row.memberId, account.loginEmail);
}

/** The password-changed notice, queued (a failed notice never undoes the change; the queue retries it). */
export async function notifyPasswordChanged(deps: AuthDeps, ctx: RequestContext, memberId: string, loginEmail: string | null): Promise<void> {
  const at = deps.clock.now();
  try {
    const to = loginEmail ?? (await contactEmails(deps.db, memberId))[0];
    if (!to) return;
    const identity = await mainInsured(deps.db, memberId);
    await queueMail(
      deps,
      ctx,
      to,
      authMails.passwordChanged(ctx.brand, { firstName: identity?.firstName ?? '', at, forgotPasswordUrl: `${ctx.origin}/login/forgot-password` }),
    );
  } catch (error) {
    deps.log.error({ err: error }, 'password-changed notice not queued');
  }
}
