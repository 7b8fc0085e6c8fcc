import { CREATE_ACCOUNT_LINK_HOURS, type CreationLoginType, type TCreateAccountRequest, maskEmail } from '@mutua/contracts/auth';
import { isValidPassword } from '@mutua/contracts/password';
import { and, eq } from 'drizzle-orm';
import { accounts, members } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { HOUR_MS, parisDate } from '../../lib/clock';
import { authMails } from './mails';
import { accountOfMember, contactEmails, hasContractInForce, mainInsured } from './accounts';
import { isUniqueViolation } from '../../db/unique-violation';
import { type AuthDeps, MAIL_REPEAT_RULE, type RequestContext, isIpBlocked, queueMail, recordIpFailure } from './context';
import { hashPassword } from './passwords';
import { consumeToken, issueToken, usableToken } from './tokens';

/** "Le Gall", "LE-GALL", "le gall" and "Lé Gall" compare equal. */
const normaliseName = (name: string) =>
  name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z]+/g, ' ')
    .trim();

/**
 * The identity checks of create-account: membership number and birth date (IDENTIFIERS_NOT_RECOGNISED,
 * counted as a failure of the IP), surname (NAME_CHECK_FAILED, counted too), no account yet
 * (ACCOUNT_ALREADY_CREATED), a contract in force (UNAFFILIATED_ACCOUNT), an address to mail the
 * link to (EMPTY_RESPONSE).
 */
async function identify(deps: AuthDeps, ctx: RequestContext, input: TCreateAccountRequest) {
  if (await isIpBlocked(deps, ctx)) throw new AppError('IP_BLOCKED');
  const [member] = await deps.db
    .select({ id: members.id, membershipNumber: members.membershipNumber })
    .from(members)
    .where(and(eq(members.tenantId, ctx.tenant.id), eq(members.membershipNumber, input.membershipNumber)));
  const identity = member ? await mainInsured(deps.db, member.id) : null;
  if (!member || !identity || identity.birthDate !== input.birthDate) {
    await recordIpFailure(deps, ctx);
    throw new AppError('IDENTIFIERS_NOT_RECOGNISED');
  }
  if (normaliseName(identity.surName) !== normaliseName(input.surName)) {
    await recordIpFailure(deps, ctx);
    throw new AppError('NAME_CHECK_FAILED');
  }
  if (await accountOfMember(deps.db, member.id)) throw new AppError('ACCOUNT_ALREADY_CREATED');
  if (!(await hasContractInForce(deps.db, member.id, parisDate(deps.clock.now())))) throw new AppError('UNAFFILIATED_ACCOUNT');
  const [email] = await contactEmails(deps.db, member.id);
  if (!email) throw new AppError('EMPTY_RESPONSE');
  return { member, identity, email };
}

/** POST /api/auth/login/create-account-validation: checks who the member is; answers where the link will go (masked). */
export async function validateAccountCreation(deps: AuthDeps, ctx: RequestContext, input: TCreateAccountRequest): Promise<string> {
  const { email } = await identify(deps, ctx, input);
  return maskEmail(email);
}

/** POST /api/auth/login/create-account: the same checks, then the create-account link (valid 24 hours) by mail. */
export async function requestAccountCreation(deps: AuthDeps, ctx: RequestContext, input: TCreateAccountRequest): Promise<string> {
  const { member, identity, email } = await identify(deps, ctx, input);
  const repeatKey = `mail:create-account:${member.id}`;
  if ((await deps.counters.hit(repeatKey, MAIL_REPEAT_RULE)).hits > 1) throw new AppError('MAIL_ALREADY_SENT');
  try {
    // The link and its mail together: the mail is queued only if the token exists, and vice versa.
    await deps.db.transaction(async (tx) => {
      const token = await issueToken(tx, deps.clock, {
        kind: 'CREATE_ACCOUNT',
        memberId: member.id,
        tenantId: ctx.tenant.id,
        lifetimeMs: CREATE_ACCOUNT_LINK_HOURS * HOUR_MS,
      });
      const link = `${ctx.origin}/login/create-account-final-step/${token}`;
      await queueMail(deps, ctx, email, authMails.createAccountLink(ctx.brand, { firstName: identity.firstName, link, hours: CREATE_ACCOUNT_LINK_HOURS }), tx);
    });
    deps.notifier.wake();
  } catch (error) {
    deps.log.warn({ err: error }, 'create-account mail not queued');
    await deps.counters.reset(repeatKey);
    throw new AppError('INTERNAL');
  }
  await deps.audit.record({ kind: 'ACCOUNT_CREATION_REQUESTED', tenantId: ctx.tenant.id, memberId: member.id, ip: ctx.ip });
  return maskEmail(email);
}

/** The member behind a create-account link, while the link is usable and no account exists. */
async function creationTarget(deps: AuthDeps, ctx: RequestContext, token: string) {
  const row = await usableToken(deps.db, deps.clock, token, 'CREATE_ACCOUNT', ctx.tenant.id, 'USER_NOT_IDENTIFIED');
  if (await accountOfMember(deps.db, row.memberId)) throw new AppError('ACCOUNT_ALREADY_CREATED');
  const [member] = await deps.db.select().from(members).where(eq(members.id, row.memberId));
  const identity = await mainInsured(deps.db, row.memberId);
  const [email] = await contactEmails(deps.db, row.memberId);
  if (!member || !identity) throw new AppError('USER_NOT_IDENTIFIED');
  return { member, identity, email: email ?? null };
}

/** GET /api/auth/login/get-logins?token=: the identifiers the member may choose for the new account. */
export async function loginChoices(deps: AuthDeps, ctx: RequestContext, token: string) {
  const { member, identity, email } = await creationTarget(deps, ctx, token);
  const logins: { type: CreationLoginType; value: string }[] = [];
  if (email) logins.push({ type: 'EMAIL', value: email.toLowerCase() });
  logins.push({ type: 'MEMBERSHIP_NUMBER', value: member.membershipNumber });
  return { firstName: identity.firstName, membershipNumber: member.membershipNumber, logins };
}

/**
 * POST /api/auth/login/create-account-final-step: creates the active account with the chosen
 * identifier and password, and uses the link. Legal pages and tutorial wait for the first login.
 */
export async function finishAccountCreation(
  deps: AuthDeps,
  ctx: RequestContext,
  input: { token: string; loginType: CreationLoginType; password: string },
): Promise<string> {
  if (!isValidPassword(input.password)) throw new AppError('PASSWORD_POLICY');
  const { member, email } = await creationTarget(deps, ctx, input.token);
  if (input.loginType === 'EMAIL' && !email) throw new AppError('EMPTY_RESPONSE');
  const loginEmail = input.loginType === 'EMAIL' ? email!.toLowerCase() : null;
  const passwordHash = await hashPassword(input.password);
  const now = deps.clock.now();
  try {
    await deps.db.transaction(async (tx) => {
      await tx.insert(accounts).values({
        memberId: member.id,
        tenantId: ctx.tenant.id,
        loginType: input.loginType,
        loginEmail,
        passwordHash,
        status: 'ACTIVE',
        passwordChangedAt: now,
        createdAt: now,
      });
      if (!(await consumeToken(tx as unknown as typeof deps.db, deps.clock, input.token))) throw new AppError('LINK_EXPIRED');
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      if (await accountOfMember(deps.db, member.id)) throw new AppError('ACCOUNT_ALREADY_CREATED');
      throw new AppError('LOGIN_EMAIL_ALREADY_USED');
    }
    throw error;
  }
  await deps.audit.record({ kind: 'ACCOUNT_CREATED', tenantId: ctx.tenant.id, memberId: member.id, ip: ctx.ip, details: { loginType: input.loginType } });
  return loginEmail ?? member.membershipNumber;
}
