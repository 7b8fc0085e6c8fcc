/**
 * The servers `npm run bench` measures, each in a process of its own so that the load generator
 * (autocannon, in the parent) never shares their event loop:
 *   tsx bench/targets.ts baseline <port>   a bare Fastify hello-world
 *   tsx bench/targets.ts app <port>        the real app (buildApp) on a fresh embedded database in a
 *                                          temp dir, or on DATABASE_URL when set
 * Sends { ready: port } over IPC once listening; exits when the parent goes away.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
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
  // Production settings (no debug tools), request logs off like the baseline, demo tenants loaded.
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'error',
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    DEMO_DATA: 'true',
    DATA_DIR: dataDir,
    WEB_DIST: path.join(dataDir, 'no-web-app'),
    ...(process.env.DATABASE_URL ? { DATABASE_URL: process.env.DATABASE_URL } : {}),
  });
  const database = await openReadyDatabase(config);
  const app = await buildApp({ config, database, operatorToken: randomBytes(32).toString('base64url') });
  return {
    app,
    close: async () => {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const { app, close } = await start();
await app.listen({ port, host: '127.0.0.1' });
const stop = () => void close().finally(() => process.exit(0));
process.on('disconnect', stop);
process.on('SIGTERM', stop);
process.send?.({ ready: port });
