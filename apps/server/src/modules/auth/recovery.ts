import { PASSWORD_RESET_LINK_MINUTES, isValidPassword, normaliseLogin } from '@mutua/contracts';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { MINUTE_MS } from '../../lib/clock';
import { mailTemplates } from '../mail/templates';
import { accountOfMember, contactEmails, findAccountByLogin, mainInsured, membersByContactEmail } from './accounts';
import { type AuthDeps, MAIL_REPEAT_RULE, type RequestContext, sendMail } from './context';
import { sha256 } from './crypto';
import { hashPassword } from './passwords';
import { consumeToken, issueToken, usableToken } from './tokens';

/** The same request within 5 minutes answers MAIL_ALREADY_SENT, known or unknown alike. */
async function refuseRepeat(deps: AuthDeps, key: string): Promise<void> {
  const state = await deps.counters.hit(key, MAIL_REPEAT_RULE);
  if (state.hits > 1) throw new AppError('MAIL_ALREADY_SENT');
}

/**
 * POST /api/auth/login/forgot-login { email }: answers `{ sent: true }` whatever the address. The
 * lookup and the mail happen after the answer, so neither the answer nor its timing tells whether
 * someone has this address. A member with an account receives their identifiers; a member without one
 * receives the create-account link.
 */
export async function forgotLogin(deps: AuthDeps, ctx: RequestContext, email: string): Promise<void> {
  const address = email.trim().toLowerCase();
  await refuseRepeat(deps, `mail:forgot-login:${ctx.tenant.id}:${sha256(address)}`);
  await deps.audit.record({ kind: 'FORGOT_LOGIN_REQUESTED', tenantId: ctx.tenant.id, ip: ctx.ip });
  deps.background.run('forgot-login mail', async () => {
    for (const member of await membersByContactEmail(deps.db, ctx.tenant.id, address)) {
      const identity = await mainInsured(deps.db, member.id);
      const account = await accountOfMember(deps.db, member.id);
      const firstName = identity?.firstName ?? '';
      const mail = account
        ? mailTemplates.forgottenLogin(ctx.brand, {
            firstName,
            logins: [member.membershipNumber, ...(account.loginEmail ? [account.loginEmail] : [])],
            loginUrl: `${ctx.origin}/login`,
          })
        : mailTemplates.forgottenLoginNoAccount(ctx.brand, { firstName, createAccountUrl: `${ctx.origin}/login/create-account` });
      await sendMail(deps, ctx, address, mail);
    }
  });
}

function nirMatches(identity: { nir: string | null; nirKey: string | null }, given: string): boolean {
  if (!identity.nir) return false;
  if (given.length === 13) return given === identity.nir.toUpperCase();
  return given === `${identity.nir}${identity.nirKey ?? ''}`.toUpperCase();
}

/**
 * POST /api/auth/login/forgot-password { login, socialSecurityNumber }: answers `{ sent: true }`
 * whatever the pair; when it designates an account, a reset link valid 60 minutes is mailed (after the
 * answer, for the same timing).
 */
export async function forgotPassword(deps: AuthDeps, ctx: RequestContext, input: { login: string; socialSecurityNumber: string }): Promise<void> {
  const login = normaliseLogin(input.login);
  await refuseRepeat(deps, `mail:forgot-password:${ctx.tenant.id}:${sha256(login)}`);
  await deps.audit.record({ kind: 'PASSWORD_RESET_REQUESTED', tenantId: ctx.tenant.id, ip: ctx.ip });
  deps.background.run('forgot-password mail', async () => {
    const found = await findAccountByLogin(deps.db, ctx.tenant.id, login);
    if (!found || found.account.status === 'NOT_ACTIVATED') return;
    const identity = await mainInsured(deps.db, found.member.id);
    if (!identity || !nirMatches(identity, input.socialSecurityNumber)) return;
    const to = found.account.loginEmail ?? (await contactEmails(deps.db, found.member.id))[0];
    if (!to) return;
    const token = await issueToken(deps.db, deps.clock, {
      kind: 'PASSWORD_RESET',
      memberId: found.member.id,
      tenantId: ctx.tenant.id,
      lifetimeMs: PASSWORD_RESET_LINK_MINUTES * MINUTE_MS,
    });
    const link = `${ctx.origin}/login/forgot-password/${token}`;
    await sendMail(deps, ctx, to, mailTemplates.passwordResetLink(ctx.brand, { firstName: identity.firstName, link, minutes: PASSWORD_RESET_LINK_MINUTES }));
  });
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
  notifyPasswordChanged(deps, ctx, row.memberId, account.loginEmail);
}

/** The password-changed notice, sent after the answer (a failed notice never undoes the change). */
export function notifyPasswordChanged(deps: AuthDeps, ctx: RequestContext, memberId: string, loginEmail: string | null): void {
  const at = deps.clock.now();
  deps.background.run('password-changed mail', async () => {
    const to = loginEmail ?? (await contactEmails(deps.db, memberId))[0];
    if (!to) return;
    const identity = await mainInsured(deps.db, memberId);
    await sendMail(
      deps,
      ctx,
      to,
      mailTemplates.passwordChanged(ctx.brand, { firstName: identity?.firstName ?? '', at, forgotPasswordUrl: `${ctx.origin}/login/forgot-password` }),
    );
  });
}
