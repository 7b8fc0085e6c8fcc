/**
 * The servers `npm run bench` measures, each in a process of its own so that the load generator
 * (autocannon, in the parent) never shares their event loop:
 *   tsx bench/targets.ts baseline <port>   a bare Fastify hello-world
 *   tsx bench/targets.ts app <port>        the real app (buildApp) on a fresh embedded database in a
 *                                          temp dir, or on a scratch database of the PostgreSQL server
 *                                          named by BENCH_DATABASE_URL / DATABASE_URL
 * Sends { ready: port } over IPC once listening; exits when the parent goes away.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openReadyDatabase } from '../src/db/open';

const [role, portArg] = process.argv.slice(2);
const port = Number(portArg);

async function start(): Promise<{ app: FastifyInstance; close(): Promise<void> }> {
  if (role === 'baseline') {
    const app = Fastify({ logger: false });
    app.get('/', async () => ({ hello: 'world' }));
    return { app, close: () => app.close() };
  }
  if (role !== 'app') throw new Error(`unknown target ${role}`);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mutua-bench-'));
  const scratch = await scratchDatabase();
  // Production settings (no debug tools), request logs off like the baseline, demo tenants loaded.
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    DEMO_DATA: 'true',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-app'),
    ...(scratch ? { DATABASE_URL: scratch.url } : {}),
  });
  const database = await openReadyDatabase(config);
  const app = await buildApp({ config, database, operatorToken: randomBytes(32).toString('base64url') });
  return {
    app,
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

const { app, close } = await start();
await app.listen({ port, host: '127.0.0.1' });
const stop = () => void close().finally(() => process.exit(0));
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.send?.({ ready: port });
