import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, members } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { parisDate, type Clock } from '../../lib/clock';
import { recordPasswordFailure, verifyPassword } from '../auth/public';
import { anonymiseMember } from '../data-protection/public';
import { hasRunningContract } from './personal-info';

/**
 * POST /api/account/closure (GDPR art. 17): the member, confirming with their password, closes their
 * account once no contract of theirs runs. What the law makes the insurer keep stays — contracts,
 * refunds and debits (accounting, 10 years), the audit trail — tied to a member without name, NIR or
 * contact; everything else is erased (account, sessions, contacts, bank details, requests and their
 * documents), the same anonymisation the retention job applies (data-protection/public.ts).
 * While a contract runs the file is still needed: the member terminates it first.
 */
export async function closeAccount(
  db: Db,
  clock: Clock,
  ids: { tenantId: string; memberId: string; accountId: string },
  password: string,
): Promise<'closed' | 'already-closed'> {
  const [account] = await db.select({ hash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, ids.accountId));
  // The same form sent twice: the first call erased the account meanwhile; the second is told the
  // outcome, not a wrong password nor a missing file.
  if (!account && (await isAnonymised(db, ids.memberId))) return 'already-closed';
  if (!account || !(await verifyPassword(account.hash, password))) {
    await recordPasswordFailure(db, ids.accountId, clock.now());
    throw new AppError('ACCOUNT_CLOSURE_PASSWORD_WRONG');
  }
  if (await hasRunningContract(db, ids.memberId, parisDate(clock.now()))) throw new AppError('ACCOUNT_CLOSURE_CONTRACT_RUNNING');
  if (await anonymiseMember(db, ids.tenantId, ids.memberId, clock)) return 'closed';
  if (await isAnonymised(db, ids.memberId)) return 'already-closed';
  throw new AppError('NOT_FOUND');
}

async function isAnonymised(db: Db, memberId: string): Promise<boolean> {
  const [member] = await db.select({ anonymisedAt: members.anonymisedAt }).from(members).where(eq(members.id, memberId));
  return member?.anonymisedAt != null;
}
