import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import { type SQL, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { Database, Db } from '../db/client';

/**
 * Durable jobs in PostgreSQL with pg-boss 10 (11+ needs Node 22): a maintained queue that runs on the
 * embedded PGlite as on a PostgreSQL server, through the small executeSql adapter below. Jobs survive a
 * crash (they are rows), are retried with exponential backoff, and can be enqueued inside the
 * transaction that creates the state they act on (`send(…, { tx })`). Delivery is at least once: a
 * process killed between the SMTP acceptance and the job's completion sends again after expiry, so
 * mails carry the job id as Message-ID for receivers to de-duplicate.
 *
 * Payloads are sealed (AES-256-GCM, key derived from SESSION_SECRET): a job row may hold a mailed link
 * or personal data, and a dump of the job tables must not open anything.
 */

/** Something that can run SQL: the app's database, or a transaction of it. */
type Executor = Pick<Db, 'execute'>;

export type JobPolicy = {
  /** Retries after the first failure, spaced retryDelaySeconds × 2^n (pg-boss backoff). */
  retryLimit: number;
  retryDelaySeconds: number;
  /** An active job not completed within this time (its process died) is retried. */
  expireInSeconds: number;
  pollingIntervalSeconds: number;
};

export type JobHandler = (data: unknown, job: { id: string }) => Promise<void>;

type Definition = { handler: JobHandler; policy: JobPolicy; cron?: string };

/** Work done after answering (lookups whose timing must not show in the answer, their mails). */
const TASKS_QUEUE = 'tasks';
const TASK_POLICY: JobPolicy = { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 60, pollingIntervalSeconds: 0.5 };

/** pg-boss placeholders ($1, $2…) → a drizzle SQL object, so a job can be inserted by a drizzle transaction. */
function toDrizzleSql(text: string, values: unknown[]): SQL {
  const parts = text.split(/\$(\d+)/);
  const chunks: SQL[] = [];
  parts.forEach((part, i) => chunks.push(i % 2 === 0 ? sql.raw(part) : sql`${sql.param(values[Number(part) - 1] ?? null)}`));
  return sql.join(chunks);
}

const onExecutor = (executor: Executor): PgBoss.Db => ({
  executeSql: async (text, values = []) => {
    const result = (await executor.execute(toDrizzleSql(text, values))) as unknown as { rows: unknown[] };
    return { rows: result.rows };
  },
});

/** The app's own connection: pg-boss's schema scripts are parameterless multi-statement SQL (PGlite needs exec for those). */
function onDatabase(database: Database): PgBoss.Db {
  const client = (database.db as unknown as { $client: PGlite | pg.Pool }).$client;
  if (database.kind === 'postgres') {
    const pool = client as pg.Pool;
    return {
      executeSql: async (text, values = []) => ({
        rows: (
          await pool.query(
            text,
            values.map((v) => v ?? null),
          )
        ).rows,
      }),
    };
  }
  const pglite = client as PGlite;
  return {
    executeSql: async (text, values = []) => {
      if (values.length === 0) return { rows: (await pglite.exec(text)).at(-1)?.rows ?? [] };
      return {
        rows: (
          await pglite.query(
            text,
            values.map((v) => v ?? null),
          )
        ).rows,
      };
    },
  };
}

export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, Definition>();
  private readonly workers = new Map<string, string>();
  private readonly key: Buffer;
  private readonly tasks = new Map<string, JobHandler>();
  private started = false;
  /** The queue's SQL under way, and whether it has stopped using the connection (see connection()). */
  private readonly inflight = new Set<Promise<unknown>>();
  private detached = false;

  constructor(
    private readonly database: Database,
    secret: string,
    private readonly log: FastifyBaseLogger,
  ) {
    this.key = createHmac('sha256', secret).update('mutua:job-payload').digest();
    this.boss = new PgBoss({
      db: this.connection(onDatabase(database)),
      // Cron schedules (schedule()) live in pgboss.schedule; every instance checks them, one job is sent per tick.
      schedule: true,
      cronMonitorIntervalSeconds: 30,
      cronWorkerIntervalSeconds: 30,
      // Expired active jobs (their process died) go back to retry at each maintenance run.
      maintenanceIntervalSeconds: 30,
      archiveCompletedAfterSeconds: 3_600,
      deleteAfterDays: 7,
    });
    this.boss.on('error', (error) => this.log.warn({ err: error }, 'job queue error'));
  }

  /** Declares a queue and its handler; call before start(). */
  define(name: string, policy: JobPolicy, handler: JobHandler): void {
    this.definitions.set(name, { policy, handler });
  }

  /**
   * Declares a queue whose job is sent on a cron schedule (Paris time) by pg-boss — once per tick
   * whatever the number of instances — and its handler; call before start().
   */
  schedule(name: string, cron: string, policy: JobPolicy, handler: JobHandler): void {
    this.definitions.set(name, { policy, handler, cron });
  }

  /** Whether the workers run (readiness: an instance whose queue is not started sends no mail). */
  get running(): boolean {
    return this.started;
  }

  /**
   * A task of the shared 'tasks' queue, run later by whichever instance polls first. Tasks are not
   * woken on enqueue: an answer never waits for, nor races with, the work it defers.
   */
  defineTask(task: string, handler: JobHandler): void {
    this.tasks.set(task, handler);
  }

  /** Enqueues a task (in `tx` when given). */
  later(task: string, data: unknown, opts: { tx?: Executor } = {}): Promise<string> {
    if (!this.tasks.has(task)) throw new Error(`unknown task ${task}`);
    return this.send(TASKS_QUEUE, { task, data }, { ...opts, wake: false });
  }

  /** Creates the schema (first start) and the queues, then starts one worker per queue. */
  async start(): Promise<void> {
    if (this.started) return;
    if (this.tasks.size && !this.definitions.has(TASKS_QUEUE)) {
      this.define(TASKS_QUEUE, TASK_POLICY, async (payload, job) => {
        const { task, data } = payload as { task: string; data: unknown };
        const handler = this.tasks.get(task);
        if (!handler) throw new Error(`unknown task ${task}`);
        await handler(data, job);
      });
    }
    this.detached = false;
    await this.boss.start();
    for (const [name, { policy, handler, cron }] of this.definitions) {
      await this.boss.createQueue(name, {
        name,
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: true,
        expireInSeconds: policy.expireInSeconds,
      });
      if (cron) await this.boss.schedule(name, cron, { sealed: this.seal(null) }, { tz: 'Europe/Paris' });
      const id = await this.boss.work<{ sealed: string }>(name, { pollingIntervalSeconds: policy.pollingIntervalSeconds, batchSize: 1 }, async ([job]) => {
        if (!job) return;
        // pg-boss waits a polling interval after each fetch: found one, look for the next at once (drains a backlog).
        this.wake(name);
        try {
          await handler(this.unseal(job.data.sealed), { id: job.id });
        } catch (error) {
          // Never the message: a mail server's refusal quotes the recipient, an SMS provider's the number (safe-error.ts).
          this.log.warn({ queue: name, job: job.id, err: error }, 'job failed, will be retried');
          throw error;
        }
      });
      this.workers.set(name, id);
    }
    this.started = true;
  }

  /** Stops polling and waits (bounded) for running jobs; unfinished ones are failed and retried later. */
  async stop({ timeoutMs = 10_000 }: { timeoutMs?: number } = {}): Promise<void> {
    if (!this.started) return;
    this.started = false;
    await this.boss.stop({ graceful: true, wait: true, close: false, timeout: timeoutMs });
    // pg-boss records a finished job's outcome without awaiting it: let those writes land before the
    // app closes the connection.
    await Promise.allSettled([...this.inflight]);
    this.detached = true;
  }

  /**
   * pg-boss's SQL, tracked so stop() can wait for it. Once stopped, a handler that outlived the stop's
   * timeout has its outcome dropped rather than sent to a closed pool (an unhandled rejection in
   * pg-boss): its job stays active and expires into a retry, as if the process had died.
   */
  private connection(db: PgBoss.Db): PgBoss.Db {
    return {
      executeSql: (text, values) => {
        // Read by pg-boss as a command that changed nothing (`count` 0); a send fails as it should.
        if (this.detached) return Promise.resolve({ rows: [{ count: 0 }] });
        const run = db.executeSql(text, values);
        this.inflight.add(run);
        run.then(
          () => this.inflight.delete(run),
          () => this.inflight.delete(run),
        );
        return run;
      },
    };
  }

  /**
   * Enqueues a job. With `tx`, the job exists only if that transaction commits (call wake() after the
   * commit for an immediate pick-up); without it, this instance's worker is woken at once.
   */
  async send(name: string, data: unknown, opts: { tx?: Executor; wake?: boolean } = {}): Promise<string> {
    const payload = { sealed: this.seal(data) };
    const id = opts.tx ? await this.boss.send(name, payload, { db: onExecutor(opts.tx) }) : await this.boss.send(name, payload);
    if (!id) throw new Error(`job not created on ${name}`);
    if (!opts.tx && opts.wake !== false) this.wake(name);
    return id;
  }

  /** Makes this instance's worker of the queue fetch now instead of at its next poll. */
  wake(name: string): void {
    const worker = this.workers.get(name);
    if (worker) this.boss.notifyWorker(worker);
  }

  /** Jobs of a queue not yet completed or failed for good (tests and health). */
  async pending(name: string): Promise<number> {
    const { rows } = await onDatabase(this.database).executeSql(
      `SELECT count(*)::int AS n FROM pgboss.job WHERE name = $1 AND state IN ('created', 'retry', 'active')`,
      [name],
    );
    return (rows[0] as { n: number }).n;
  }

  /** Per declared queue: jobs waiting (new or to retry), running, and the age of the oldest waiting (metrics). */
  async stats(): Promise<{ queue: string; waiting: number; active: number; oldestWaitingSeconds: number }[]> {
    const names = [...this.definitions.keys()];
    if (!names.length) return [];
    const { rows } = await onDatabase(this.database).executeSql(
      `SELECT name,
              count(*) FILTER (WHERE state IN ('created', 'retry'))::int AS waiting,
              count(*) FILTER (WHERE state = 'active')::int AS active,
              coalesce(extract(epoch FROM now() - min(created_on) FILTER (WHERE state IN ('created', 'retry'))), 0)::float8 AS oldest
         FROM pgboss.job WHERE name = ANY($1) AND state IN ('created', 'retry', 'active') GROUP BY name`,
      [names],
    );
    const found = new Map((rows as { name: string; waiting: number; active: number; oldest: number }[]).map((r) => [r.name, r]));
    return names.map((queue) => {
      const r = found.get(queue);
      return { queue, waiting: r?.waiting ?? 0, active: r?.active ?? 0, oldestWaitingSeconds: Math.max(0, Number(r?.oldest ?? 0)) };
    });
  }

  private seal(data: unknown): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(JSON.stringify(data), 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
  }

  private unseal(sealed: string): unknown {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || !body) throw new Error('unreadable job payload');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return JSON.parse(Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8'));
  }
}
