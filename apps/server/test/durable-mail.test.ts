import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { XSRF_COOKIE, XSRF_HEADER } from '@mutua/contracts/platform';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TEMPLATE_DB, adminUrl, testDatabaseUrl, testMasterKeyFile, withDatabase } from './support/database';
import { startSmtpReceiver } from './support/smtp-receiver';

/**
 * Durable sending, with real processes: the real server answers a forgot-password request, is killed
 * with SIGKILL right after the answer, starts again on the same data (PGlite data dir, or the same
 * PostgreSQL database), and the reset mail still arrives — exactly once.
 */

const REPO_ROOT = path.resolve(import.meta.dirname, '../../..');
const CAMILLE = { login: 'camille.durand@example.com', nir: '286047505612347' };

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until `check` answers a value, or throws after timeoutMs. */
async function until<T>(what: string, timeoutMs: number, check: () => Promise<T | undefined> | T | undefined): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(100);
  }
}

let receiver: Awaited<ReturnType<typeof startSmtpReceiver>>;
let dataDir: string;
let logFile: string;
let databaseUrl: string | undefined;
let scratchDb: string | undefined;
let port: number;
const children: ChildProcess[] = [];

beforeAll(async () => {
  receiver = await startSmtpReceiver();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'mutua-durable-'));
  logFile = `${dataDir}.log`;
  writeFileSync(logFile, '');
  port = await freePort();
  const url = testDatabaseUrl();
  if (url) {
    // A scratch copy of the suite's migrated, seeded template, shared by both runs of the server.
    scratchDb = `mutua_test_kill_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${scratchDb} TEMPLATE ${TEMPLATE_DB}`);
    await admin.end();
    databaseUrl = withDatabase(url, scratchDb);
  }
});

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await receiver?.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(logFile, { force: true });
  if (scratchDb) {
    const admin = new pg.Client({ connectionString: adminUrl(testDatabaseUrl()!) });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${scratchDb} WITH (FORCE)`);
    await admin.end();
  }
});

/** `node --import tsx apps/server/src/main.ts`, as the e2e suite runs it; resolves once the heartbeat says UP. */
async function startServer(): Promise<{ child: ChildProcess; exited: Promise<unknown> }> {
  const env: Record<string, string> = {
    ...(Object.fromEntries(Object.entries(process.env).filter(([k]) => !['DATABASE_URL', 'PUBLIC_URL', 'SMS_URL', 'SESSION_SECRET'].includes(k))) as Record<
      string,
      string
    >),
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    SMTP_URL: `smtp://127.0.0.1:${receiver.port}`,
    LOG_LEVEL: 'warn',
    WEB_DIST: '/nonexistent',
    DEMO_DATA: 'true',
    // As the test apps: shedding is tested on its own, this server answers whatever the machine's load
    // (CI runs the journeys beside it); a free metrics port, whatever else listens on 9464.
    OVERLOAD_POOL_WAIT_MS: '0',
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    METRICS_PORT: '0',
    // The template's data keys are wrapped with the run's master key: the server needs it to read them.
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, MASTER_KEY_FILE: testMasterKeyFile() } : {}),
  };
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  const append = (chunk: Buffer) => writeFileSync(logFile, chunk, { flag: 'a' });
  child.stdout!.on('data', append);
  child.stderr!.on('data', append);
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    await until('the heartbeat', 90_000, async () => {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
      try {
        const res = await fetch(`http://127.0.0.1:${port}/api/heartbeat`, { signal: AbortSignal.timeout(2_000) });
        return res.ok && ((await res.json()) as { data: { status: string } }).data.status === 'UP' ? true : undefined;
      } catch {
        return undefined;
      }
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${readFileSync(logFile, 'utf8').slice(-3000)}`, { cause: error });
  }
  return { child, exited };
}

/** Reset-link mails to Camille (the link path survives quoted-printable once soft breaks are joined). */
const resetMails = () => receiver.received.filter((m) => m.to.includes(CAMILLE.login) && /\/login\/forgot-password\//.test(m.raw.replace(/=\r?\n/g, '')));

it('a forgot-password mail survives a SIGKILL right after the answer and arrives exactly once after the restart', async () => {
  const first = await startServer();
  const origin = `http://localhost:${port}`;
  const init = await fetch(`${origin}/api/init`);
  expect(init.status).toBe(200);
  const cookies = init.headers.getSetCookie().map((c) => c.split(';')[0]!);
  const xsrf = cookies.find((c) => c.startsWith(`${XSRF_COOKIE}=`))!.slice(XSRF_COOKIE.length + 1);

  const answer = await fetch(`${origin}/api/auth/login/forgot-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: cookies.join('; '), [XSRF_HEADER]: xsrf },
    body: JSON.stringify({ login: CAMILLE.login, socialSecurityNumber: CAMILLE.nir }),
  });
  first.child.kill('SIGKILL');
  expect(answer.status).toBe(200);
  expect(await answer.json()).toEqual({ data: { sent: true } });
  await first.exited;
  expect(first.child.signalCode).toBe('SIGKILL');
  const sentBeforeKill = resetMails().length;

  const second = await startServer();
  try {
    // Normally the task was still waiting in the queue; if the kill caught it running, it is retried
    // once its expiry (60 s) is noticed by maintenance (every 30 s): bound the wait above both.
    await until('the reset mail', 120_000, () => (resetMails().length > 0 ? true : undefined));
    await sleep(4_000);
    const mails = resetMails();
    expect(sentBeforeKill, 'no mail could have left before the kill').toBe(0);
    expect(mails).toHaveLength(1);
    const body = mails[0]!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    // Built on the tenant's canonical host and this server's port, never on the request's Host header.
    expect(body).toMatch(new RegExp(`http://localhost:${port}/login/forgot-password/[\\w-]{20,}`));
    expect(body).toMatch(/Message-ID: <[0-9a-f-]{36}@mutua\.job>/i);
  } finally {
    second.child.kill('SIGTERM');
    await Promise.race([second.exited, sleep(15_000)]);
  }
}, 240_000);
