import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './paths';
import { freePort } from './ports';
import { ENV_KEYS } from './state';

/** The demo tenants and the host names they answer on; `unknown` belongs to no tenant. */
export const TENANT_HOSTS = { mutua: 'localhost', azur: 'azur.localhost', unknown: 'nobody.localhost' } as const;
export type TenantKey = keyof typeof TENANT_HOSTS;

/** Where a running server instance is and how to reach it. */
export type ServerInfo = {
  port: number;
  /** Its data dir: operator token, session secret, embedded database when no DATABASE_URL. */
  dataDir: string;
  /** The environment it was started with (the operator command reuses it). */
  env: Record<string, string>;
  logFile: string;
};

export type ServerInstance = ServerInfo & { stop(): Promise<void> };

export function tenantOrigin(server: Pick<ServerInfo, 'port'>, tenant: TenantKey): string {
  return `http://${TENANT_HOSTS[tenant]}:${server.port}`;
}

/** `http://azur.localhost:18380/login` from ('azur', '/login'). */
export function tenantUrlOf(server: Pick<ServerInfo, 'port'>, tenant: TenantKey, pathname = '/'): string {
  return tenantOrigin(server, tenant) + (pathname.startsWith('/') ? pathname : `/${pathname}`);
}

/** Server settings the caller may not leak from its own shell into a test instance. */
const OWNED_VARS = [
  'PORT',
  'HOST',
  'METRICS_PORT',
  'DATABASE_URL',
  'DATA_DIR',
  'PUBLIC_URL',
  'SESSION_SECRET',
  'SMTP_URL',
  'MAIL_FROM',
  'LOG_LEVEL',
  'DEMO_DATA',
  'WEB_DIST',
  'NODE_ENV',
];

/**
 * Starts the real server (`node <run>/server-app/main.js`, the run's copy of the bundle `npm run build`
 * made, from the repository root, serving the built web app) and resolves once GET /api/heartbeat
 * answers. Output goes to `logFile`; it is shown when the start fails.
 */
export async function startServer(opts: StartOptions): Promise<ServerInstance> {
  // Another run on this machine may bind the port between our check and the server's listen: then
  // the server exits with EADDRINUSE and we try the next free port.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServerOnce(opts);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt === 5) throw error;
      opts = { ...opts, port: await freePort(opts.port + 1) };
    }
  }
}

class PortTakenError extends Error {}

type StartOptions = {
  port: number;
  dataDir: string;
  smtpUrl?: string;
  databaseUrl?: string;
  env?: Record<string, string>;
  /** Wait for status UP (default) or just for an answer. */
  waitFor?: 'UP' | 'answer';
  timeoutMs?: number;
};

async function startServerOnce(opts: StartOptions): Promise<ServerInstance> {
  mkdirSync(opts.dataDir, { recursive: true });
  const logFile = path.join(path.dirname(opts.dataDir), `${path.basename(opts.dataDir)}.log`);
  const env: Record<string, string> = {
    NODE_ENV: 'development',
    PORT: String(opts.port),
    HOST: '127.0.0.1',
    DATA_DIR: opts.dataDir,
    LOG_LEVEL: 'warn',
    // Several instances run at once: none takes the default metrics port (the metrics have their own tests).
    METRICS_PORT: '0',
    // The journeys share two cores with a browser and, in CI, the server suite: a slow moment there is
    // not an overloaded instance. Shedding has its own tests (apps/server/test/overload.test.ts).
    OVERLOAD_POOL_WAIT_MS: '0',
    OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    ...(opts.smtpUrl ? { SMTP_URL: opts.smtpUrl } : {}),
    ...(opts.databaseUrl ? { DATABASE_URL: opts.databaseUrl } : {}),
    ...opts.env,
  };
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([k, v]) => v !== undefined && !OWNED_VARS.includes(k))) as Record<string, string>;

  const log = createWriteStream(logFile, { flags: 'a' });
  // The bundle production runs, so the journeys test what is deployed; and nothing is compiled at each
  // start: loading it costs a third of the CPU of `node --import tsx apps/server/src/main.ts` (0.7 s
  // instead of 2.3 s) and 150 MB instead of 235 MB, for each of the run's twenty-odd instances.
  const entry = process.env[ENV_KEYS.serverEntry];
  if (!entry) throw new Error(`${ENV_KEYS.serverEntry} is not set: start the specs through Playwright (global-setup.ts copies the server bundle)`);
  const child = spawn(process.execPath, [entry], {
    cwd: REPO_ROOT,
    env: { ...inherited, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // Lets the next run stop this server should this run die before its teardown.
  if (child.pid) writeFileSync(`${opts.dataDir}.pid`, String(child.pid));
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const info: ServerInfo = { port: opts.port, dataDir: opts.dataDir, env, logFile };
  try {
    await waitForHeartbeat(info, child, exited, opts.waitFor ?? 'UP', opts.timeoutMs ?? 90_000);
  } catch (error) {
    await stopChild(child, exited);
    if (error instanceof PortTakenError) throw error;
    if (/EADDRINUSE/.test(tail(logFile, 20))) throw new PortTakenError(`port ${opts.port} taken`);
    throw new Error(`${(error as Error).message}\n--- ${logFile} (last lines)\n${tail(logFile)}`, { cause: error });
  }
  return { ...info, stop: () => stopChild(child, exited) };
}

async function waitForHeartbeat(info: ServerInfo, child: ChildProcess, exited: Promise<number | null>, waitFor: 'UP' | 'answer', timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  let exitCode: number | null | undefined;
  void exited.then((code) => (exitCode = code));
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (exitCode !== undefined || child.exitCode !== null)
      throw new Error(`The server on port ${info.port} exited (code ${exitCode ?? child.exitCode}) before answering`);
    let ready = false;
    try {
      const res = await fetch(`http://127.0.0.1:${info.port}/api/heartbeat`, { signal: AbortSignal.timeout(3_000) });
      const body = (await res.json()) as { data?: { status?: string } };
      last = `HTTP ${res.status} ${JSON.stringify(body)}`;
      ready = res.ok && (waitFor === 'answer' || body.data?.status === 'UP');
    } catch {
      // not listening yet
    }
    if (ready) return expectOwnServer(info, child);
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server on port ${info.port} did not report UP within ${timeoutMs / 1000} s (last: ${last})`);
}

/**
 * The answer came from our child, not from another run's server that took the port first: only ours
 * accepts the operator token of our data dir.
 */
async function expectOwnServer(info: ServerInfo, child: ChildProcess) {
  const tokenFile = path.join(info.dataDir, 'operator-token');
  // Our server writes its token before it listens: no token yet means someone else answered.
  const token = existsSync(tokenFile) ? readFileSync(tokenFile, 'utf8').trim() : 'none';
  const res = await fetch(`http://127.0.0.1:${info.port}/api/ops/tenants`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(5_000),
  });
  if (!res.ok || child.exitCode !== null) throw new PortTakenError(`another server answers on port ${info.port} (operator API: HTTP ${res.status})`);
}

async function stopChild(child: ChildProcess, exited: Promise<number | null>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

function tail(file: string, lines = 40): string {
  if (!existsSync(file)) return '(no output)';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}
