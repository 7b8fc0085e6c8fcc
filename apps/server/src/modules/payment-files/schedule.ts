import type { Db } from '../../db/client';
import { payoutAccounts } from '../../db/schema';
import type { JobPolicy } from '../../jobs/job-queue';
import type { AuditLog } from '../audit/public';
import type { Clock } from '../../lib/clock';
import { runPaymentBatch } from './batch';

/*
 * The payment batch through the job queue: pg-boss's cron sends one job every hour (once, whatever the
 * number of instances); the job (retried if its process dies) runs the batch of every tenant with a
 * payout account. A batch run by hand meanwhile finds nothing left to pay and writes no file.
 */

export const PAYMENT_BATCH_QUEUE = 'payment-batch';
export const PAYMENT_BATCH_POLICY: JobPolicy = { retryLimit: 10, retryDelaySeconds: 30, expireInSeconds: 600, pollingIntervalSeconds: 30 };
/** At the top of every hour, Paris time. */
export const PAYMENT_BATCH_CRON = '0 * * * *';

type Deps = { db: Db; clock: Clock; audit: AuditLog };

export async function runAllPaymentBatches(deps: Deps): Promise<void> {
  const tenants = await deps.db.select({ tenantId: payoutAccounts.tenantId }).from(payoutAccounts);
  for (const { tenantId } of tenants) {
    const done = await runPaymentBatch(deps.db, tenantId, deps.clock.now());
    if (done)
      await deps.audit.record({
        kind: 'PAYMENT_FILE_CREATED',
        tenantId,
        memberId: null,
        details: { fileId: done.fileId, transferCount: done.transferCount, listedCount: done.listedCount, by: 'schedule' },
      });
  }
}
