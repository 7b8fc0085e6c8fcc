/**
 * `npm run bench`: throughput and tail latency of the platform endpoints against a bare Fastify
 * hello-world started in the same run on the same machine, then the refunds-at-scale case when
 * bench/refunds-scale.ts exists. Everything is bounded: it stops by itself.
 *
 * Settings (environment): BENCH_DURATION seconds per case (default 10), BENCH_CONNECTIONS (default
 * 50), BENCH_WARMUP seconds before each case, not counted (default 2), BENCH_DATABASE_URL (else
 * DATABASE_URL) to run on a scratch database of a PostgreSQL server instead of a fresh embedded one.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import autocannon, { type Result } from 'autocannon';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
/** Hard stop whatever happens: start-up + warm-ups + cases + the refunds case, with room to spare. */
const HARD_LIMIT_MS = (60 + 3 * (DURATION + WARMUP) + 600) * 1000;

type Case = { name: string; target: Target; path: string };
type Target = { name: 'baseline' | 'app'; port: number; child: ChildProcess };

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
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 120 s`)), 120_000);
    child.once('message', () => {
      clearTimeout(timer);
      resolve();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (code ${code}) before listening`));
    });
  });
  return { name, port, child };
}

function load(target: Target, urlPath: string, duration: number): Promise<Result> {
  return autocannon({
    url: `http://127.0.0.1:${target.port}${urlPath}`,
    connections: CONNECTIONS,
    duration,
    pipelining: 1,
    timeout: 10,
    headers: { host: 'localhost' },
  });
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

function printTable(rows: Array<{ name: string; result: Result }>) {
  const baseline = rows[0]!.result;
  const header = ['case', 'req/s', 'p50 ms', 'p99 ms', 'ratio to baseline', 'non-2xx', 'errors'];
  const lines = rows.map(({ name, result }) => [
    name,
    fmt(result.requests.average),
    fmt(result.latency.p50, 1),
    fmt(result.latency.p99, 1),
    `${fmt((result.requests.average / baseline.requests.average) * 100, 1)} %`,
    fmt(result.non2xx),
    fmt(result.errors),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const row = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join('  ');
  console.log(`\n${row(header)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}`);
  for (const l of lines) console.log(row(l));
  console.log(`\n${CONNECTIONS} connections, ${DURATION} s per case after a ${WARMUP} s warm-up, loopback, Node ${process.version}.`);
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

async function main() {
  const onServer = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  console.log(`Starting the targets (the app on ${onServer ? 'a scratch database of the PostgreSQL server' : 'a fresh embedded PGlite'})…`);
  const [baseline, app] = await Promise.all([startTarget('baseline', await freePort(18360)), startTarget('app', await freePort(18361))]);
  const cases: Case[] = [
    { name: 'baseline: bare Fastify hello-world', target: baseline, path: '/' },
    { name: 'GET /api/heartbeat', target: app, path: '/api/heartbeat' },
    { name: 'GET /api/init (Host: localhost)', target: app, path: '/api/init' },
  ];
  const rows: Array<{ name: string; result: Result }> = [];
  for (const c of cases) {
    if (WARMUP > 0) await load(c.target, c.path, WARMUP);
    process.stdout.write(`running ${c.name} for ${DURATION} s… `);
    const result = await load(c.target, c.path, DURATION);
    console.log(`${fmt(result.requests.average)} req/s`);
    rows.push({ name: c.name, result });
  }
  printTable(rows);
  for (const child of children) child.disconnect();

  await refundsScale();

  const failed = rows.filter((r) => r.result.non2xx > 0 || r.result.errors > 0);
  if (failed.length) {
    console.error(`\nSome requests failed: ${failed.map((r) => r.name).join(', ')}`);
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
