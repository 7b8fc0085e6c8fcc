import { isValidNir } from '@mutua/contracts/account';
import { ACCOUNT_BLOCK_HOURS, PASSWORD_MAX_FAILURES, loginTypeOf } from '@mutua/contracts/auth';
import { and, asc, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, beneficiaries, contacts, contracts, members, type Account } from '../../db/schema';
import { HOUR_MS } from '../../lib/clock';
import { nirLookupHash, openNir } from '../../db/protected-fields';

export type MemberRef = { id: string; tenantId: string; membershipNumber: string };
export type AccountWithMember = { account: Account; member: MemberRef };

const memberColumns = { id: members.id, tenantId: members.tenantId, membershipNumber: members.membershipNumber };

/**
 * The account an identifier designates in a tenant: an 8-digit membership number always works; an
 * e-mail works when it is the account's login e-mail; a NIR with its key (`nirLogin`: the tenant's
 * NIR_LOGIN toggle) when the account chose it and it is its main insured's. `login` must already be
 * normalised. A wrong key, or a NIR two accounts would share, designates nobody.
 */
export async function findAccountByLogin(db: Db, tenantId: string, login: string, opts: { nirLogin?: boolean } = {}): Promise<AccountWithMember | null> {
  const type = loginTypeOf(login);
  if (!type) return null;
  if (type === 'NIR') {
    const nir = login.slice(0, 13);
    const key = login.slice(13);
    if (!opts.nirLogin || !isValidNir(nir, key)) return null;
    const rows = await db
      .select({ account: accounts, member: memberColumns })
      .from(accounts)
      .innerJoin(members, eq(members.id, accounts.memberId))
      .innerJoin(beneficiaries, and(eq(beneficiaries.memberId, members.id), eq(beneficiaries.rank, 'MAIN')))
      .where(
        and(
          eq(accounts.tenantId, tenantId),
          eq(accounts.loginType, 'NIR'),
          eq(beneficiaries.nirHmac, await nirLookupHash(db, tenantId, nir)),
          eq(beneficiaries.nirKey, key),
        ),
      )
      .limit(2);
    return rows.length === 1 ? rows[0]! : null;
  }
  const where =
    type === 'MEMBERSHIP_NUMBER'
      ? and(eq(members.tenantId, tenantId), eq(members.membershipNumber, login))
      : and(eq(accounts.tenantId, tenantId), eq(accounts.loginEmail, login));
  const [row] = await db.select({ account: accounts, member: memberColumns }).from(accounts).innerJoin(members, eq(members.id, accounts.memberId)).where(where);
  return row ?? null;
}

export async function findAccountById(db: Db, accountId: string): Promise<AccountWithMember | null> {
  const [row] = await db
    .select({ account: accounts, member: memberColumns })
    .from(accounts)
    .innerJoin(members, eq(members.id, accounts.memberId))
    .where(eq(accounts.id, accountId));
  return row ?? null;
}

/** A blocked account answers ACCOUNT_BLOCKED whatever the password. */
export function isAccountBlocked(account: Pick<Account, 'status' | 'blockedUntil'>, now: Date): boolean {
  return account.status === 'BLOCKED' || (account.blockedUntil !== null && account.blockedUntil > now);
}

/**
 * One more consecutive password failure, atomically; the PASSWORD_MAX_FAILURES-th blocks the account
 * for ACCOUNT_BLOCK_HOURS. A block that has run out starts the count again.
 */
export async function recordPasswordFailure(db: Db, accountId: string, now: Date): Promise<{ failures: number; blockedNow: boolean }> {
  const nowSql = sql`${now.toISOString()}::timestamptz`;
  const blockEnd = sql`${new Date(now.getTime() + ACCOUNT_BLOCK_HOURS * HOUR_MS).toISOString()}::timestamptz`;
  const lapsed = sql`(${accounts.blockedUntil} IS NOT NULL AND ${accounts.blockedUntil} <= ${nowSql})`;
  const next = sql`CASE WHEN ${lapsed} THEN 1 ELSE ${accounts.consecutiveFailures} + 1 END`;
  const [row] = await db
    .update(accounts)
    .set({
      consecutiveFailures: next,
      blockedUntil: sql`CASE WHEN ${next} >= ${PASSWORD_MAX_FAILURES} THEN ${blockEnd} WHEN ${lapsed} THEN NULL ELSE ${accounts.blockedUntil} END`,
    })
    .where(eq(accounts.id, accountId))
    .returning({ failures: accounts.consecutiveFailures });
  const failures = row?.failures ?? 0;
  return { failures, blockedNow: failures >= PASSWORD_MAX_FAILURES };
}

export async function clearPasswordFailures(db: Db, accountId: string): Promise<void> {
  await db.update(accounts).set({ consecutiveFailures: 0, blockedUntil: null }).where(eq(accounts.id, accountId));
}

/** The main insured of a member (identity used in mails and checks). */
export async function mainInsured(db: Db, memberId: string) {
  const [row] = await db
    .select({
      id: beneficiaries.id,
      tenantId: members.tenantId,
      firstName: beneficiaries.firstName,
      surName: beneficiaries.surName,
      birthDate: beneficiaries.birthDate,
      nir: beneficiaries.nir,
      nirKey: beneficiaries.nirKey,
    })
    .from(beneficiaries)
    .innerJoin(members, eq(members.id, beneficiaries.memberId))
    .where(and(eq(beneficiaries.memberId, memberId), eq(beneficiaries.rank, 'MAIN')))
    .orderBy(asc(beneficiaries.familyPosition))
    .limit(1);
  if (!row) return null;
  const { id, tenantId, ...identity } = row;
  return { ...identity, nir: await openNir(db, tenantId, 'beneficiaries', id, row.nir) };
}

/** The member's distinct contact e-mail addresses, primary first (where codes and links may go). */
export async function contactEmails(db: Db, memberId: string): Promise<string[]> {
  const rows = await db.select({ email: contacts.email, secondary: contacts.secondaryEmail }).from(contacts).where(eq(contacts.memberId, memberId));
  const seen = new Map<string, string>();
  for (const r of rows) {
    for (const e of [r.email, r.secondary]) {
      const v = e?.trim();
      if (v && !seen.has(v.toLowerCase())) seen.set(v.toLowerCase(), v);
    }
  }
  return [...seen.values()];
}

/** Whether the member has a contract in force on this date (YYYY-MM-DD): the affiliation is effective. */
export async function hasContractInForce(db: Db, memberId: string, today: string): Promise<boolean> {
  const rows = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(
      and(eq(contracts.memberId, memberId), lte(contracts.incomingDate, today), or(isNull(contracts.outgoingDate), sql`${contracts.outgoingDate} >= ${today}`)),
    )
    .limit(1);
  return rows.length > 0;
}

/** Members of a tenant whose contact e-mail (primary or secondary) is this address. */
export async function membersByContactEmail(db: Db, tenantId: string, email: string) {
  const address = email.trim().toLowerCase();
  return db
    .selectDistinct({ id: members.id, tenantId: members.tenantId, membershipNumber: members.membershipNumber })
    .from(members)
    .innerJoin(contacts, eq(contacts.memberId, members.id))
    .where(and(eq(members.tenantId, tenantId), or(sql`lower(${contacts.email}) = ${address}`, sql`lower(${contacts.secondaryEmail}) = ${address}`)))
    .limit(5);
}

export async function accountOfMember(db: Db, memberId: string): Promise<Account | null> {
  const [row] = await db.select().from(accounts).where(eq(accounts.memberId, memberId));
  return row ?? null;
}
