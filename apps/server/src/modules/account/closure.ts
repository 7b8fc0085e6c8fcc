import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts } from '../../db/schema';
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
export async function closeAccount(db: Db, clock: Clock, ids: { tenantId: string; memberId: string; accountId: string }, password: string): Promise<void> {
  const [account] = await db.select({ hash: accounts.passwordHash }).from(accounts).where(eq(accounts.id, ids.accountId));
  if (!account || !(await verifyPassword(account.hash, password))) {
    await recordPasswordFailure(db, ids.accountId, clock.now());
    throw new AppError('ACCOUNT_CLOSURE_PASSWORD_WRONG');
  }
  if (await hasRunningContract(db, ids.memberId, parisDate(clock.now()))) throw new AppError('ACCOUNT_CLOSURE_CONTRACT_RUNNING');
  const done = await anonymiseMember(db, ids.tenantId, ids.memberId, clock);
  if (!done) throw new AppError('NOT_FOUND');
}
