import { parisIsoDate } from '@mutua/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { payoutAccounts } from '../../db/schema';
import type { JobPolicy, JobQueue } from '../../jobs/job-queue';
import type { AuditLog } from '../audit/public';
import type { Clock } from '../../lib/clock';
import { safeError } from '../../lib/safe-error';
import { runPaymentBatch } from './batch';

/*
 * The payment batch through the job queue: each instance asks for one at every interval; the job
 * (retried if its process dies) runs the batch of every tenant with a payout account. Two instances
 * asking at once run two batches: the second finds nothing left to pay and writes no file.
 */

export const PAYMENT_BATCH_QUEUE = 'payment-batch';
export const PAYMENT_BATCH_POLICY: JobPolicy = { retryLimit: 10, retryDelaySeconds: 30, expireInSeconds: 600, pollingIntervalSeconds: 30 };
/** How often a batch is asked for. */
export const PAYMENT_BATCH_INTERVAL_MS = 60 * 60_000;

type Deps = { db: Db; clock: Clock; audit: AuditLog; log: FastifyBaseLogger };

export async function runAllPaymentBatches(deps: Deps): Promise<void> {
  const tenants = await deps.db.select({ tenantId: payoutAccounts.tenantId }).from(payoutAccounts);
  for (const { tenantId } of tenants) {
    const done = await runPaymentBatch(deps.db, tenantId, deps.clock.now());
    if (done) await deps.audit.record({ kind: 'PAYMENT_FILE_CREATED', tenantId, memberId: null, details: { fileId: done.fileId, transferCount: done.transferCount, listedCount: done.listedCount, by: 'schedule' } });
  }
}

/** Asks for a batch at every interval (unref'd: never keeps the process up); returns the stop. */
export function schedulePaymentBatches(jobs: JobQueue, clock: Clock, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    jobs.send(PAYMENT_BATCH_QUEUE, { asked: parisIsoDate(clock.now()) }).catch((error: unknown) => log.warn({ err: safeError(error) }, 'payment batch not enqueued'));
  }, PAYMENT_BATCH_INTERVAL_MS).unref();
  return () => clearInterval(timer);
}
