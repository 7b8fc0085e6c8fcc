import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { JobQueue, type JobPolicy } from '../src/jobs/job-queue';
import { freshDatabase } from './support/database';

const POLICY: JobPolicy = { retryLimit: 2, retryDelaySeconds: 1, expireInSeconds: 60, pollingIntervalSeconds: 0.5 };
const silent = pino({ level: 'silent' }) as unknown as FastifyBaseLogger;

/** A promise and the function that resolves it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

async function stateOf(database: Database, id: string): Promise<string | undefined> {
  const rows = (await database.db.execute(sql`SELECT state FROM pgboss.job WHERE id = ${id}`)) as unknown as { rows: { state: string }[] };
  return rows.rows[0]?.state;
}

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);
afterEach(() => {
  process.off('unhandledRejection', onUnhandled);
  unhandled.length = 0;
});

describe('JobQueue.stop', () => {
  it('lets a job that finishes while the queue stops record its outcome before stop() resolves', async () => {
    const { database, drop } = await freshDatabase();
    const jobs = new JobQueue(database, 'test-secret-0123456789abcdef-0123456789', silent);
    const started = gate();
    jobs.define('slow', POLICY, async () => {
      started.open();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    await jobs.start();
    const id = await jobs.send('slow', { n: 1 });
    await started.opened;
    await jobs.stop();
    expect(await stateOf(database, id)).toBe('completed');
    await drop();
  });

  it('sends a handler that outlives the stop back to retry, and never writes its late outcome to the closed database', async () => {
    process.on('unhandledRejection', onUnhandled);
    const { database, drop } = await freshDatabase();
    const jobs = new JobQueue(database, 'test-secret-0123456789abcdef-0123456789', silent);
    const started = gate();
    const release = gate();
    jobs.define('stuck', POLICY, async () => {
      started.open();
      await release.opened;
    });
    await jobs.start();
    const id = await jobs.send('stuck', { n: 2 });
    await started.opened;
    await jobs.stop({ timeoutMs: 1_000 });
    expect(await stateOf(database, id)).toBe('retry');
    await drop();
    // The handler ends after the database closed: pg-boss reports its outcome without awaiting it.
    release.open();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(unhandled).toEqual([]);
  });
});
