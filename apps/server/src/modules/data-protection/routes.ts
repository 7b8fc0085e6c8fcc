import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Gauge } from 'prom-client';
import type { Db } from '../../db/client';
import type { JobPolicy } from '../../jobs/job-queue';
import { registry } from '../../lib/metrics';
import { logSafeError } from '../../lib/safe-error';
import type { AppServices } from '../../core/module';
import { rowsOf } from './anonymise-member';
import { applyRetention } from './retention';

export const RETENTION_QUEUE = 'retention';
/** Every night at 03:30, Paris time (a quiet hour); pg-boss sends one job whatever the number of instances. */
export const RETENTION_CRON = '30 3 * * *';
/** Retried within the night, then the next night's run catches up (every rule is « older than », so idempotent). */
const RETENTION_POLICY: JobPolicy = { retryLimit: 3, retryDelaySeconds: 300, expireInSeconds: 3_600, pollingIntervalSeconds: 30 };

/** When the last run finished, read from retention_runs at scrape time: every instance tells the same (MutuaRetentionLate). */
let lastRunOf: (() => Promise<Date | null>) | null = null;
new Gauge({
  name: 'mutua_retention_last_run_timestamp_seconds',
  help: 'When the retention job last finished (Unix time)',
  registers: [registry],
  async collect() {
    const at = await lastRunOf?.().catch(() => null);
    this.reset();
    if (at) this.set(at.getTime() / 1000);
  },
});

async function lastRun(db: Db): Promise<Date | null> {
  const [row] = rowsOf<{ at: string | Date | null }>(await db.execute(sql`SELECT max(finished_at) AS at FROM retention_runs`));
  return row?.at ? new Date(row.at) : null;
}

/**
 * The retention schedule (a pg-boss cron job) and, for the operator, a run on demand:
 * `POST /api/ops/retention` (loopback + bearer token, as `npm run tenant`).
 */
export const dataProtectionRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock' | 'jobs' | 'log'>> = async (app, opts) => {
  opts.jobs.schedule(RETENTION_QUEUE, RETENTION_CRON, RETENTION_POLICY, async () => {
    const removed = await applyRetention(opts.db, opts.clock).catch((error: unknown) => {
      opts.log.error({ err: logSafeError(error) }, 'retention run failed');
      throw error;
    });
    opts.log.info({ removed }, 'retention run finished');
  });
  const source = () => lastRun(opts.db);
  lastRunOf = source;
  app.addHook('onClose', async () => {
    if (lastRunOf === source) lastRunOf = null;
  });

  const config = { access: 'operator', tenant: 'none', csrf: false } as const;
  app.post('/', { config }, async () => ({ data: { removed: await applyRetention(opts.db, opts.clock) } }));
};
