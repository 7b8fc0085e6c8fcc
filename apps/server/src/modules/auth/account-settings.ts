import { NIR_LOGIN_UNAVAILABLE_MESSAGE, isValidNir, maskNir } from '@mutua/contracts/account';
import { type LoginType, type TProfile, loginTypeOf, normaliseLogin } from '@mutua/contracts/auth';
import { isFeatureEnabled } from '@mutua/contracts/features';
import { isValidPassword } from '@mutua/contracts/password';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { ActiveSession } from '../../core/session-store';
import { contactEmails, findAccountById, findAccountByLogin, mainInsured, recordPasswordFailure } from './accounts';
import { isUniqueViolation } from '../../db/unique-violation';
import { type AuthDeps, type RequestContext, recordIpFailure } from './context';
import { hashPassword, verifyPassword } from './passwords';
import { notifyPasswordChanged } from './recovery';

async function sessionAccount(deps: AuthDeps, session: ActiveSession) {
  const found = await findAccountById(deps.db, session.accountId);
  if (!found) throw new AppError('UNAUTHENTICATED');
  return found;
}

/** The identifier the member signs in with, as shown to them: a NIR only masked. */
function loginShown(
  account: { loginType: LoginType; loginEmail: string | null },
  membershipNumber: string,
  identity: { nir: string | null; nirKey: string | null } | null,
): string {
  if (account.loginType === 'EMAIL' && account.loginEmail) return account.loginEmail;
  if (account.loginType === 'NIR' && identity?.nir) return maskNir(identity.nir, identity.nirKey)!;
  return membershipNumber;
}

/** GET /api/auth/profile. */
export async function profile(deps: AuthDeps, session: ActiveSession): Promise<TProfile> {
  const { account, member } = await sessionAccount(deps, session);
  const identity = await mainInsured(deps.db, member.id);
  return {
    membershipNumber: member.membershipNumber,
    firstName: identity?.firstName ?? '',
    surName: identity?.surName ?? '',
    loginType: account.loginType,
    login: loginShown(account, member.membershipNumber, identity),
    loginEmail: account.loginEmail,
    passwordLastModification: account.passwordChangedAt.toISOString(),
    mustRenewPassword: account.mustRenewPassword,
    isBoAuthentication: session.isBoAuthentication,
    lastConnection: account.previousConnectionAt?.toISOString() ?? null,
  };
}

/**
 * PUT /api/auth/password: the signed-in member changes (or must renew) the password. A wrong current
 * password counts as a password failure; other sessions of the member end; the notice is mailed.
 */
export async function changePassword(
  deps: AuthDeps,
  ctx: RequestContext,
  session: ActiveSession,
  input: { currentPassword: string; newPassword: string },
): Promise<void> {
  if (!isValidPassword(input.newPassword)) throw new AppError('PASSWORD_POLICY');
  const { account, member } = await sessionAccount(deps, session);
  const base = { tenantId: ctx.tenant.id, memberId: member.id, ip: ctx.ip };
  if (!(await verifyPassword(account.passwordHash, input.currentPassword))) {
    await recordIpFailure(deps, ctx);
    await recordPasswordFailure(deps.db, account.id, deps.clock.now());
    await deps.audit.record({ kind: 'PASSWORD_CHANGE_FAILED', ...base });
    throw new AppError('CURRENT_PASSWORD_WRONG');
  }
  if (input.newPassword === input.currentPassword) throw new AppError('PASSWORD_REUSED');
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db
    .update(accounts)
    .set({ passwordHash, passwordChangedAt: deps.clock.now(), mustRenewPassword: false, consecutiveFailures: 0, blockedUntil: null })
    .where(eq(accounts.id, account.id));
  await deps.sessions.endAllOfMember(member.id, 'PASSWORD_CHANGED', session.id);
  await deps.audit.record({ kind: 'PASSWORD_CHANGED', ...base });
  await notifyPasswordChanged(deps, ctx, member.id, account.loginEmail);
}

/**
 * PUT /api/auth/login/update { login } | { loginType: 'NIR' }: sign in with the own membership number,
 * one of the member's contact e-mails (never someone else's: LOGIN_NOT_OWNED; already another account's
 * login: LOGIN_EMAIL_ALREADY_USED, unchanged), or — where the tenant's NIR_LOGIN toggle is on — the main
 * insured's NIR and key (typed, or chosen as such); otherwise a French 400, unchanged.
 */
export async function updateLogin(
  deps: AuthDeps,
  ctx: RequestContext,
  session: ActiveSession,
  input: { login: string } | { loginType: 'NIR' },
): Promise<{ loginType: LoginType; login: string }> {
  const { account, member } = await sessionAccount(deps, session);
  const login = 'login' in input ? normaliseLogin(input.login) : null;
  const type: LoginType | null = login === null ? 'NIR' : loginTypeOf(login);
  let loginEmail: string | null = null;
  let shown = login ?? '';
  if (type === 'NIR') {
    const unavailable = () => new AppError('VALIDATION_FAILED', NIR_LOGIN_UNAVAILABLE_MESSAGE);
    if (!isFeatureEnabled(ctx.tenant.features, 'NIR_LOGIN')) throw unavailable();
    const identity = await mainInsured(deps.db, member.id);
    if (!identity?.nir || !identity.nirKey || !isValidNir(identity.nir, identity.nirKey)) throw unavailable();
    const own = `${identity.nir.toUpperCase()}${identity.nirKey}`;
    if (login !== null && login !== own) throw new AppError('LOGIN_NOT_OWNED');
    // A NIR that another account of the tenant signs in with stays theirs (it would designate nobody).
    const holder = await findAccountByLogin(deps.db, ctx.tenant.id, own, { nirLogin: true });
    if (holder && holder.account.id !== account.id) throw unavailable();
    shown = maskNir(identity.nir, identity.nirKey)!;
  } else if (type === 'MEMBERSHIP_NUMBER') {
    if (login !== member.membershipNumber) throw new AppError('LOGIN_NOT_OWNED');
  } else {
    const owned = (await contactEmails(deps.db, member.id)).map((e) => e.toLowerCase());
    if (!login || !owned.includes(login)) throw new AppError('LOGIN_NOT_OWNED');
    loginEmail = login;
  }
  const loginType: LoginType = type === 'NIR' ? 'NIR' : loginEmail ? 'EMAIL' : 'MEMBERSHIP_NUMBER';
  try {
    await deps.db.update(accounts).set({ loginType, loginEmail }).where(eq(accounts.id, account.id));
  } catch (error) {
    if (isUniqueViolation(error)) throw new AppError('LOGIN_EMAIL_ALREADY_USED');
    throw error;
  }
  await deps.audit.record({ kind: 'LOGIN_CHANGED', tenantId: ctx.tenant.id, memberId: member.id, ip: ctx.ip, details: { loginType } });
  return { loginType, login: shown };
}

/** POST /api/auth/tutorial/finished. */
export async function finishTutorial(deps: AuthDeps, ctx: RequestContext, session: ActiveSession): Promise<void> {
  await deps.db.update(accounts).set({ finishedTutorial: true }).where(eq(accounts.id, session.accountId));
  await deps.audit.record({ kind: 'TUTORIAL_FINISHED', tenantId: ctx.tenant.id, memberId: session.memberId, ip: ctx.ip });
}
