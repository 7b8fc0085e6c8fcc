/**
 * The servers `npm run bench` measures, each in a process of its own so that the load generator
 * (autocannon, in the parent) never shares their event loop:
 *   tsx bench/targets.ts baseline <port>   a bare Fastify hello-world
 *   tsx bench/targets.ts app <port>        the real app (buildApp) on a fresh embedded database in a
 *                                          temp dir, or on a scratch database of the PostgreSQL server
 *                                          named by BENCH_DATABASE_URL / DATABASE_URL
 *   tsx bench/targets.ts app <port> <url>  a second instance of the app on the database of the first
 *                                          (the scale-out case: two instances, one PostgreSQL)
 * Sends { ready: port } over IPC once listening (the app adds `signedIn`: a session cookie of the demo
 * family, camille on tenant mutua, opened straight in the session store, and one of its refund ids;
 * with BENCH_SESSIONS=N, N more sessions of it in `cookies`);
 * exits when the parent goes away.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { and, asc, eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig, REPO_ROOT } from '../src/config';
import { openReadyDatabase } from '../src/db/open';
import { demoDataSteps } from '../src/modules';
import type { Db } from '../src/db/client';
import { accounts, members, refunds } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/modules/auth/seed';
import { systemClock } from '../src/lib/clock';
import { newMasterKey, writeKeyRing } from '../src/lib/master-keys';
import { SessionStore } from '../src/core/session-store';

const [role, portArg, joinUrl] = process.argv.slice(2);
/** The web build, served when there is one (the page cases of run.ts); the default WEB_DIST. */
const WEB_BUILD = path.join(REPO_ROOT, 'apps/web/dist');
const port = Number(portArg);

export type SignedIn = { cookie: string; refundId: string; cookies?: string[] };

async function start(): Promise<{ app: FastifyInstance; close(): Promise<void>; signedIn?: SignedIn; databaseUrl?: string }> {
  if (role === 'baseline') {
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    return { app, close: () => app.close() };
  }
  if (role !== 'app') throw new Error(`unknown target ${role}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mutua-bench-'));
  // A second instance joins the first one's database (it neither creates nor drops it).
  const scratch = joinUrl ? { url: joinUrl, drop: async () => {} } : await scratchDatabase();
  // Production settings (no debug tools), request logs off like the baseline, demo tenants loaded.
  // Production refuses to start without a master key: one per run, shared by the instances of the run.
  const masterKeyFile = process.env.BENCH_MASTER_KEY_FILE ?? path.join(dataDir, 'master-keys');
  if (!existsSync(masterKeyFile)) writeKeyRing(masterKeyFile, [newMasterKey()]);
  const config = loadConfig({
    NODE_ENV: 'production',
    MASTER_KEY_FILE: masterKeyFile,
    LOG_LEVEL: 'error',
    SESSION_SECRET: process.env.BENCH_SESSION_SECRET ?? randomBytes(32).toString('base64url'),
    ...(process.env.DATABASE_POOL_SIZE ? { DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE } : {}),
    ...(process.env.PAINTING_LIMIT ? { PAINTING_LIMIT: process.env.PAINTING_LIMIT } : {}),
    // BENCH_READ_CACHE=off measures every read going to the database (a member's first visit).
    READ_CACHE: process.env.BENCH_READ_CACHE === 'off' ? 'off' : 'on',
    DEMO_DATA: 'true',
    DATA_DIR: dataDir,
    // The load generator is one address with hundreds of connections: no cap per address.
    MAX_CONNECTIONS_PER_ADDRESS: '0',
    // The built portal when there is one (the painted-home case of run.ts), none otherwise.
    ...(existsSync(path.join(WEB_BUILD, 'index.html')) ? {} : { WEB_DIST: path.join(dataDir, 'no-web-app') }),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const database = await openReadyDatabase(config, demoDataSteps());
  const app = await buildApp({ config, database, operatorToken: randomBytes(32).toString('base64url') });
  return {
    app,
    ...(joinUrl ? {} : { signedIn: await signInDemoFamily(database.db) }),
    ...(scratch ? { databaseUrl: scratch.url } : {}),
    close: async () => {
      await app.close();
      await database.close();
      await scratch?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * On a PostgreSQL server (BENCH_DATABASE_URL, else DATABASE_URL) the app gets a scratch database of
 * its own, created here and dropped at the end (the role needs CREATEDB), never the named one.
 */
async function scratchDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  const serverUrl = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (!serverUrl) return null;
  const name = `mutua_bench_${randomBytes(5).toString('hex')}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

/** A session of the demo family (what a browser holds after the sign-in and its code), and a refund of it. */
async function signInDemoFamily(db: Db): Promise<SignedIn> {
  const demo = DEMO_ACCOUNTS.camille;
  const [row] = await db
    .select({ accountId: accounts.id, memberId: members.id })
    .from(members)
    .innerJoin(accounts, eq(accounts.memberId, members.id))
    .where(and(eq(members.tenantId, demo.tenantId), eq(members.membershipNumber, demo.membershipNumber)));
  if (!row) throw new Error('bench: the demo family is not seeded');
  const [refund] = await db.select({ id: refunds.id }).from(refunds).where(eq(refunds.memberId, row.memberId)).orderBy(asc(refunds.id)).limit(1);
  if (!refund) throw new Error('bench: the demo family has no refund');
  const store = new SessionStore(db, systemClock);
  const open = async () => (await store.open({ ...row, tenantId: demo.tenantId, ip: '127.0.0.1', userAgent: 'bench' })).cookieValue;
  // BENCH_SESSIONS=N: N more sessions of the family (distinct sessions share no cached read, no load).
  const others = await Promise.all(Array.from({ length: Number(process.env.BENCH_SESSIONS ?? 0) }, open));
  return { cookie: await open(), refundId: refund.id, ...(others.length ? { cookies: others } : {}) };
}

const { app, close, signedIn, databaseUrl } = await start();
await app.listen({ port, host: '127.0.0.1' });
const stop = () => void close().finally(() => process.exit(0));
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.send?.({ ready: port, signedIn, databaseUrl });
