import type { Db } from '../../db/client';
import type { JobQueue } from '../../jobs/job-queue';

/** The decision job's queue (decide.ts defines its worker). */
export const CLAIM_DECISION_QUEUE = 'claim-decision';

/** Enqueues the decision of a sent claim in the sending transaction: no claim without its decision, no decision of a claim not stored. */
export async function enqueueClaimDecision(jobs: JobQueue, tx: Db, job: { requestId: string; origin: string }): Promise<void> {
  await jobs.send(CLAIM_DECISION_QUEUE, job, { tx });
}

/** After the sending transaction committed: this instance decides at once rather than at its next poll. */
export function wakeClaimDecisions(jobs: JobQueue): void {
  jobs.wake(CLAIM_DECISION_QUEUE);
}
