/**
 * `npm run bench`: throughput and tail latency of the platform endpoints and of the signed-in reads
 * (the demo family's /api/all-info, /api/refunds first page, one statement PDF), each as a ratio to a
 * bare Fastify hello-world measured right before it in the same run (so that the ratio does not move
 * with the machine's load), then the refunds-at-scale case when bench/refunds-scale.ts exists.
 * Everything is bounded: it stops by itself.
 *
 * Settings (environment): BENCH_DURATION seconds per case (default 10), BENCH_CONNECTIONS a list of
 * connection counts, each case runs at each (default `10,50`), BENCH_WARMUP seconds before each case,
 * not counted (default 2), BENCH_ONLY a comma-separated list of words, runs only the cases whose name
 * contains one (e.g. `all-info,refunds`), BENCH_SCALE=false skips the refunds-at-scale case,
 * BENCH_DATABASE_URL (else DATABASE_URL) to run on a scratch database of a PostgreSQL server instead of
 * a fresh embedded one. Then the establishment search at 100k rows with and without its index
 * (bench/establishments-search.ts; BENCH_SEARCH=false skips it).
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SESSION_COOKIE } from '@mutua/contracts';
import autocannon, { type Result } from 'autocannon';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50').split(',').map(Number).filter((n) => n > 0);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').map((w) => w.trim()).filter(Boolean);
const SCALE = process.env.BENCH_SCALE !== 'false';
const SEARCH = process.env.BENCH_SEARCH !== 'false';
/** Hard stop whatever happens: start-up + (baseline + case) × cases × connection counts + the refunds case. */
const HARD_LIMIT_MS = (60 + 2 * 6 * CONNECTIONS.length * (DURATION + WARMUP) + 600 + (SEARCH ? 300 : 0)) * 1000;

type Case = { name: string; path: string; headers?: Record<string, string> };
type SignedIn = { cookie: string; refundId: string };
type Target = { name: 'baseline' | 'app'; port: number; child: ChildProcess; signedIn?: SignedIn };
type Row = { name: string; connections: number; result: Result; baseline: Result };

const children: ChildProcess[] = [];

/** A free loopback port in our range (18300–18399), else one the system picks. */
async function freePort(from: number): Promise<number> {
  const tryPort = (port: number) =>
    new Promise<number | null>((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(null));
      server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
        const chosen = (server.address() as net.AddressInfo).port;
        server.close(() => resolve(chosen));
      });
    });
  for (let port = from; port <= 18399; port++) {
    const ok = await tryPort(port);
    if (ok) return ok;
  }
  return (await tryPort(0))!;
}

async function startTarget(name: Target['name'], port: number): Promise<Target> {
  const child = fork(path.join(HERE, 'targets.ts'), [name, String(port)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  const ready = await new Promise<{ signedIn?: SignedIn }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 120 s`)), 120_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as { signedIn?: SignedIn });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (code ${code}) before listening`));
    });
  });
  return { name, port, child, ...(ready.signedIn ? { signedIn: ready.signedIn } : {}) };
}

function load(target: Target, urlPath: string, connections: number, duration: number, headers: Record<string, string> = {}): Promise<Result> {
  return autocannon({
    url: `http://127.0.0.1:${target.port}${urlPath}`,
    connections,
    duration,
    pipelining: 1,
    timeout: 10,
    headers: { host: 'localhost', ...headers },
  });
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function printTable(rows: Row[]) {
  const header = ['case', 'conns', 'req/s', 'p50 ms', 'p99 ms', 'baseline req/s', 'ratio to baseline', 'non-2xx', 'errors'];
  const lines = rows.map(({ name, connections, result, baseline }) => [
    name,
    String(connections),
    fmt(result.requests.average),
    fmt(result.latency.p50, 1),
    fmt(result.latency.p99, 1),
    fmt(baseline.requests.average),
    `${fmt((result.requests.average / baseline.requests.average) * 100, 2)} %`,
    fmt(result.non2xx),
    fmt(result.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${row(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const l of lines) console.log(row(l));
  console.log(
    `\n${DURATION} s per case after a ${WARMUP} s warm-up, the baseline measured right before each case, loopback, Node ${process.version}, load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')} on ${os.cpus().length} CPUs.`,
  );
}

async function refundsScale(): Promise<void> {
  const file = path.join(HERE, 'refunds-scale.ts');
  if (!existsSync(file)) {
    console.log('\n(no bench/refunds-scale.ts yet: refunds-at-scale case skipped)');
    return;
  }
  console.log('\n--- refunds at scale (bench/refunds-scale.ts)');
  const mod = (await import(pathToFileURL(file).href)) as { runRefundsScaleBench?: () => Promise<unknown> };
  if (typeof mod.runRefundsScaleBench !== 'function') throw new Error('bench/refunds-scale.ts does not export runRefundsScaleBench()');
  const figures = await mod.runRefundsScaleBench();
  if (Array.isArray(figures) && figures.every((f) => f && typeof f === 'object')) console.table(figures);
  else if (figures !== undefined) console.log(typeof figures === 'string' ? figures : JSON.stringify(figures, null, 2));
}

/** Establishment search at 100k rows, with and without its index (bench/establishments-search.ts). */
async function establishmentSearch(): Promise<void> {
  console.log('\n--- establishment search at scale (bench/establishments-search.ts)');
  const { runEstablishmentSearchBench } = await import('./establishments-search');
  console.table(await runEstablishmentSearchBench());
}

async function main() {
  const onServer = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  console.log(`Starting the targets (the app on ${onServer ? 'a scratch database of the PostgreSQL server' : 'a fresh embedded PGlite'})…`);
  const [baselineTarget, app] = await Promise.all([startTarget('baseline', await freePort(18360)), startTarget('app', await freePort(18361))]);
  const signedIn = app.signedIn;
  if (!signedIn) throw new Error('the app target sent no signed-in session');
  const session = { cookie: `${SESSION_COOKIE}=${signedIn.cookie}` };
  const cases: Case[] = [
    { name: 'GET /api/heartbeat', path: '/api/heartbeat' },
    { name: 'GET /api/init (Host: localhost)', path: '/api/init' },
    { name: 'signed in: GET /api/all-info (demo family)', path: '/api/all-info', headers: session },
    { name: 'signed in: GET /api/refunds (first page)', path: '/api/refunds', headers: session },
    { name: 'signed in: GET /api/refunds/:id/statement (PDF)', path: `/api/refunds/${signedIn.refundId}/statement`, headers: session },
  ].filter((c) => ONLY.length === 0 || ONLY.some((word) => c.name.includes(word)));
  const rows: Row[] = [];
  for (const connections of CONNECTIONS) {
    for (const c of cases) {
      // The baseline right before each case: the ratio compares two figures taken under the same load.
      if (WARMUP > 0) await load(baselineTarget, '/', connections, WARMUP);
      const base = await load(baselineTarget, '/', connections, DURATION);
      if (WARMUP > 0) await load(app, c.path, connections, WARMUP, c.headers);
      process.stdout.write(`running ${c.name} at ${connections} connections for ${DURATION} s… `);
      const result = await load(app, c.path, connections, DURATION, c.headers);
      console.log(`${fmt(result.requests.average)} req/s (baseline ${fmt(base.requests.average)})`);
      rows.push({ name: c.name, connections, result, baseline: base });
    }
  }
  printTable(rows);
  for (const child of children) child.disconnect();

  if (SCALE) await refundsScale();
  if (SEARCH) await establishmentSearch();

  const failed = rows.filter((r) => r.result.non2xx > 0 || r.result.errors > 0);
  if (failed.length) {
    console.error(`\nSome requests failed: ${failed.map((r) => `${r.name} at ${r.connections}`).join(', ')}`);
    process.exitCode = 1;
  }
}

const hardStop = setTimeout(() => {
  console.error(`bench: still running after ${HARD_LIMIT_MS / 1000} s, stopping`);
  for (const child of children) child.kill('SIGKILL');
  process.exit(2);
}, HARD_LIMIT_MS);
hardStop.unref();

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
} finally {
  // Targets exit when their IPC channel closes; one that lingers past 10 s is killed.
  await Promise.all(
    children.map((c) => {
      if (c.exitCode !== null || c.signalCode !== null) return null;
      if (c.connected) c.disconnect();
      const killer = setTimeout(() => c.kill('SIGKILL'), 10_000);
      return new Promise((resolve) => c.once('exit', resolve)).finally(() => clearTimeout(killer));
    }),
  );
}
