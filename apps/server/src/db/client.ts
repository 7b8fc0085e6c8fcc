import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import type { DatabasePressure } from '../lib/overload';

/**
 * Queries name their tables (the query builder, never drizzle's relational `db.query`), so the handle
 * carries no schema: the database layer needs no module's tables, which live in their modules.
 */
export type Db = PgDatabase<PgQueryResultHKT>;

/** The database handle the app holds: typed queries plus the few raw operations drizzle lacks. */
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /**
   * Runs fn on one connection holding an exclusive advisory lock, so that several instances starting
   * at once on one server migrate and seed one after the other.
   */
  exclusive<T>(fn: (conn: ScriptConnection) => Promise<T>): Promise<T>;
  /**
   * Answers quickly when the database is reachable; throws otherwise. While statements queue for a
   * connection and one was served in the last few seconds, the database is busy, not down: answered at
   * once, without joining the queue (the heartbeat must not read an overload as an outage).
   */
  ping(): Promise<void>;
  /**
   * LISTENs on a channel: `onMessage` gets each notice's payload; `onState(false)` says notices may
   * have been missed (connection lost), `onState(true)` that they flow again. On a server the
   * listener has a connection of its own and reconnects; on PGlite, notices come from the one
   * connection, before the statement that caused them returns. Resolves once listening.
   */
  listen(channel: string, onMessage: (payload: string) => void, onState: (live: boolean) => void): Promise<() => Promise<void>>;
  /**
   * Runs fn with a handle bound to one connection (PostgreSQL server: one taken from the pool for the
   * whole of fn; PGlite: the one there is). A read made of many statements holds one connection
   * instead of one per statement run at once, so that one member's miss cannot take the whole pool.
   */
  withConnection<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** How many operations wait for a connection now, and for how long the oldest has waited (overload shedding). */
  pressure(): DatabasePressure;
  close(): Promise<void>;
};

/**
 * Operations waiting for a connection, in arrival order. On a server: callers of the pool's connect()
 * not served yet. On PGlite: operations queued behind the one running (its single connection serves
 * them one after the other, in order).
 */
class WaitLine {
  private readonly since = new Map<object, number>();
  /** When an operation last got its connection (server) or finished (PGlite). */
  private servedAt = performance.now();
  constructor(private readonly running: 0 | 1) {}

  served(): void {
    this.servedAt = performance.now();
  }

  /** Statements queue, and the database served one within the last BUSY_NOT_DOWN_MS: it answers, slowly. */
  get busyButAlive(): boolean {
    return this.since.size > this.running && performance.now() - this.servedAt < BUSY_NOT_DOWN_MS;
  }

  enter(): object {
    const token = {};
    this.since.set(token, performance.now());
    return token;
  }

  leave(token: object): void {
    this.since.delete(token);
  }

  pressure(): DatabasePressure {
    const waiting = Math.max(0, this.since.size - this.running);
    const inUse = Math.min(this.running, this.since.size);
    if (!waiting) return { inUse, waiting, oldestWaitMs: 0 };
    let skip = this.running;
    for (const at of this.since.values()) {
      if (skip-- > 0) continue;
      return { inUse, waiting, oldestWaitMs: performance.now() - at };
    }
    return { inUse, waiting, oldestWaitMs: 0 };
  }
}

/** How recently a connection must have been handed out for a queue to read as busy rather than down. */
const BUSY_NOT_DOWN_MS = 5_000;

/** One line per PGlite instance, even when several Database handles wrap it (tests reopen one). */
const PGLITE_LINES = new WeakMap<PGlite, WaitLine>();

/** Counts every operation of a PGlite instance in its wait line (its methods wrapped once). */
function pgliteLine(pglite: PGlite): WaitLine {
  let line = PGLITE_LINES.get(pglite);
  if (line) return line;
  const created = new WaitLine(1);
  line = created;
  PGLITE_LINES.set(pglite, created);
  for (const name of ['query', 'exec', 'transaction'] as const) {
    const original = (pglite[name] as (...args: unknown[]) => Promise<unknown>).bind(pglite);
    Object.defineProperty(pglite, name, {
      configurable: true,
      writable: true,
      value: (...args: unknown[]) => {
        const token = created.enter();
        return original(...args).finally(() => {
          created.leave(token);
          created.served();
        });
      },
    });
  }
  return line;
}

/** Raw access for migrations: exec runs multi-statement scripts, query one statement. */
export type ScriptConnection = {
  exec(text: string): Promise<void>;
  query<R>(text: string): Promise<R[]>;
};

/** Any constant: the advisory lock key of exclusive(). */
const EXCLUSIVE_LOCK = 7_041_999;

export type DatabaseOptions = {
  databaseUrl?: string | undefined;
  dataDir?: string;
  pglite?: PGlite;
  /** PostgreSQL server only: connections of this instance's pool (default 10). */
  poolSize?: number | undefined;
  /** PostgreSQL server only: how long a query waits for a free connection before failing (default 3 s). */
  poolWaitMs?: number | undefined;
};

/** PostgreSQL server when a URL is given, else embedded PGlite persisted under dataDir (or in memory). */
export async function openDatabase(opts: DatabaseOptions): Promise<Database> {
  if (opts.databaseUrl) return openPostgres(opts.databaseUrl, opts.poolSize ?? 10, opts.poolWaitMs ?? 3_000);
  let client = opts.pglite;
  if (!client) {
    const dir = opts.dataDir ? path.join(opts.dataDir, 'pgdata') : undefined;
    if (dir) mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  }
  const pglite = client;
  const line = pgliteLine(pglite);
  const db = drizzlePglite(pglite) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite is one connection in this process: nothing can interleave.
    exclusive: (fn) =>
      fn({
        exec: async (text) => void (await pglite.exec(text)),
        query: async <R>(text: string) => (await pglite.query<R>(text)).rows,
      }),
    ping: async () => {
      if (!line.busyButAlive) await pglite.query('select 1');
    },
    listen: async (channel, onMessage, onState) => {
      const unlisten = await pglite.listen(channel, onMessage);
      onState(true);
      return unlisten;
    },
    withConnection: (fn) => fn(db),
    pressure: () => line.pressure(),
    close: () => pglite.close(),
  };
}

async function openPostgres(url: string, poolSize: number, poolWaitMs: number): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize, connectionTimeoutMillis: poolWaitMs });
  // An idle client losing its server must not crash the process; the next query reports it.
  pool.on('error', () => {});
  // Every wait for a connection — pool.query's included, which calls this.connect — goes through the line.
  const line = new WaitLine(0);
  const connect = pool.connect.bind(pool) as (
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ) => Promise<pg.PoolClient> | undefined;
  Object.defineProperty(pool, 'connect', {
    configurable: true,
    writable: true,
    value: (callback?: Parameters<typeof connect>[0]) => {
      const token = line.enter();
      if (callback) {
        return connect((error, client, done) => {
          line.leave(token);
          if (!error) line.served();
          callback(error, client, done);
        });
      }
      return connect()!.then(
        (client) => (line.leave(token), line.served(), client),
        (error: unknown) => {
          line.leave(token);
          throw error;
        },
      );
    },
  });
  const db = drizzlePg(pool) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    exclusive: async (fn) => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [EXCLUSIVE_LOCK]);
        try {
          return await fn({
            exec: async (text) => void (await client.query(text)),
            query: async <R>(text: string) => (await client.query(text)).rows as R[],
          });
        } finally {
          await client.query('select pg_advisory_unlock($1)', [EXCLUSIVE_LOCK]);
        }
      } finally {
        client.release();
      }
    },
    ping: async () => {
      if (!line.busyButAlive) await db.execute(sql`select 1`);
    },
    listen: (channel, onMessage, onState) => listenOnServer(url, channel, onMessage, onState),
    withConnection: async (fn) => {
      const client = await pool.connect();
      try {
        return await fn(drizzlePg(oneAfterAnother(client)) as unknown as Db);
      } finally {
        client.release();
      }
    },
    pressure: () => ({ ...line.pressure(), inUse: pool.totalCount - pool.idleCount }),
    close: () => pool.end(),
  };
}

/**
 * The client, its statements queued one after the other: fn's loaders ask for theirs at once, and a
 * pg client takes only one at a time (queuing inside it is deprecated).
 */
function oneAfterAnother(client: pg.PoolClient): pg.PoolClient {
  let tail: Promise<unknown> = Promise.resolve();
  const query = (...args: unknown[]) => {
    const run = tail.then(() => (client.query as (...a: unknown[]) => Promise<unknown>)(...args));
    tail = run.catch(() => {});
    return run;
  };
  return new Proxy(client, { get: (target, name, receiver) => (name === 'query' ? query : Reflect.get(target, name, receiver)) });
}

/** Reconnection delays of a server listener: 0.5 s, doubling, at most 15 s. */
const LISTEN_RETRY_MS = { first: 500, max: 15_000 };
/** A listening connection answers a `select 1` this often, within the timeout, or is taken as lost. */
const LISTEN_HEARTBEAT_MS = { every: 10_000, timeout: 5_000 };

/**
 * A LISTEN on its own connection (never a pooled one: a pool would hand it to a query). Reports live
 * once listening; lost on any error or end, or when it stops answering (a connection cut without a
 * word: keepalives would notice it only after hours), then reconnects until stopped.
 */
async function listenOnServer(url: string, channel: string, onMessage: (payload: string) => void, onState: (live: boolean) => void) {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  let delay = LISTEN_RETRY_MS.first;
  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3_000, keepAlive: true, application_name: `mutua-listen-${channel}` });
    client = next;
    let lost = false;
    let heartbeat: NodeJS.Timeout | null = null;
    const lose = () => {
      if (lost) return;
      lost = true;
      if (heartbeat) clearInterval(heartbeat);
      onState(false);
      void next.end().catch(() => {});
      if (!stopped) retry = setTimeout(() => void connect().catch(() => {}), delay).unref();
      delay = Math.min(delay * 2, LISTEN_RETRY_MS.max);
    };
    next.on('error', lose);
    next.on('end', lose);
    next.on('notification', (message) => {
      if (message.channel === channel) onMessage(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      lose();
      throw error;
    }
    if (stopped) return void (await next.end().catch(() => {}));
    delay = LISTEN_RETRY_MS.first;
    heartbeat = setInterval(() => {
      const late = setTimeout(lose, LISTEN_HEARTBEAT_MS.timeout).unref();
      next.query('select 1').then(() => clearTimeout(late), lose);
    }, LISTEN_HEARTBEAT_MS.every).unref();
    onState(true);
  };
  try {
    await connect();
  } catch (error) {
    stopped = true;
    if (retry) clearTimeout(retry);
    throw error;
  }
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    await client?.end().catch(() => {});
  };
}
