/**
 * `npm run bench`: throughput and tail latency of the platform endpoints and of the signed-in reads
 * (the demo family's /api/all-info, /api/refunds first page, one statement PDF, an estimate of three care
 * lines), each as a ratio to a
 * bare Fastify hello-world measured right before it in the same run (so that the ratio does not move
 * with the machine's load), then the refunds-at-scale case when bench/refunds-scale.ts exists, then the
 * care-network-at-scale case (bench/care-network-scale.ts: 100,000 professionals, with and without its index).
 * Then the guarantees engine's figures: SQL statements per estimate (on PostgreSQL) and care lines per
 * second on one core (packages/contracts/bench/engine.bench.ts). Everything is bounded: it stops by itself.
 *
 * Settings (environment): BENCH_DURATION seconds per case (default 10), BENCH_CONNECTIONS a list of
 * connection counts, each case runs at each (default `10,50`), BENCH_WARMUP seconds before each case,
 * not counted (default 2), BENCH_ONLY a comma-separated list of words, runs only the cases whose name
 * contains one (e.g. `all-info,refunds`), BENCH_SCALE=false skips the at-scale cases (refunds, queue, care network),
 * BENCH_READ_CACHE=off runs the app without its read cache (every signed-in read from the database),
 * BENCH_DATABASE_URL (else DATABASE_URL) to run on a scratch database of a PostgreSQL server instead of
 * a fresh embedded one, DATABASE_POOL_SIZE the pool of each app instance. Then the establishment search at 100k rows with
 * and without its index (bench/establishments-search.ts; BENCH_SEARCH=false skips it).
 *
 * Then the assistant on its question set (bench/assistant.ts: top-1 and top-3 accuracy, answer p99;
 * BENCH_ASSISTANT=false skips it).
 *
 * Then sending to the refund shown (bench/automatic-refunds.ts: standard claims decided by the job,
 * p50 / p95 / max; BENCH_AUTOPAY=false skips it, `npm run bench:autopay` runs it alone).
 *
 * Then the invoice reader on its generated fixtures (bench/invoice-scan.ts: per-field accuracy, time
 * per page on one OCR worker; BENCH_OCR=false skips it, `npm run bench:ocr` runs it alone).
 *
 * BENCH_MONDAY=true ends with the Monday-morning bench (bench/monday.ts: 200 members of a synthetic
 * population on the built server, the sustainable rate, two instances, an old checkout; its settings there).
 *
 * Scale out (PostgreSQL only; BENCH_INSTANCES=false skips it): a second app instance on the same
 * database, and the signed-in /api/all-info case run on one instance then on both (autocannon spreads
 * its connections over the two URLs), the ratio two / one printed from the same run.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SESSION_COOKIE } from '@mutua/contracts/auth';
import { VAUTH_COOKIE } from '@mutua/contracts/platform';
import autocannon, { type Result } from 'autocannon';
import { engineLinesPerSecond, estimateBody, statementsPerEstimate, xsrfHeaders } from './guarantees';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The web build the app target serves when there is one (bench/targets.ts). */
const WEB_BUILD = path.resolve(HERE, '../../web/dist');
const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? '10,50')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 2);
const ONLY = (process.env.BENCH_ONLY ?? '')
  .split(',')
  .map((w) => w.trim())
  .filter(Boolean);
const SCALE = process.env.BENCH_SCALE !== 'false';
const INSTANCES = process.env.BENCH_INSTANCES !== 'false';
const SEARCH = process.env.BENCH_SEARCH !== 'false';
const OCR = process.env.BENCH_OCR !== 'false';
const AUTOPAY = process.env.BENCH_AUTOPAY !== 'false';
const ASSISTANT = process.env.BENCH_ASSISTANT !== 'false';
/** Hard stop whatever happens: start-up + (baseline + case) × cases × connection counts + the refunds case. */
const HARD_LIMIT_MS =
  (60 +
    2 * 6 * CONNECTIONS.length * (DURATION + WARMUP) +
    600 +
    (SEARCH ? 300 : 0) +
    (OCR ? 600 : 0) +
    (AUTOPAY ? 600 : 0) +
    (process.env.BENCH_MONDAY === 'true' ? 1800 : 0)) *
  1000;

type Case = { name: string; path: string; headers?: Record<string, string>; targets?: 'both'; method?: 'POST'; body?: string };
type SignedIn = { cookie: string; refundId: string };
type Target = { name: 'baseline' | 'app'; port: number; child: ChildProcess; signedIn?: SignedIn; databaseUrl?: string };
type Row = { name: string; connections: number; result: Result; baseline: Result };

const children: ChildProcess[] = [];
/** One session secret for every app instance (a cookie of one instance is read by the other). */
const BENCH_SESSION_SECRET = randomBytes(32).toString('base64url');
/** And one master key file (targets.ts writes it the first time). */
const BENCH_MASTER_KEY_FILE = path.join(os.tmpdir(), `mutua-bench-master-keys-${process.pid}`);

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

async function startTarget(name: Target['name'], port: number, joinUrl?: string): Promise<Target> {
  const child = fork(path.join(HERE, 'targets.ts'), [name, String(port), ...(joinUrl ? [joinUrl] : [])], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, BENCH_SESSION_SECRET, BENCH_MASTER_KEY_FILE },
  });
  children.push(child);
  const ready = await new Promise<{ signedIn?: SignedIn; databaseUrl?: string }>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 120 s`)), 120_000);
    child.once('message', (message) => {
      clearTimeout(timer);
      resolve(message as { signedIn?: SignedIn; databaseUrl?: string });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited (code ${code}) before listening`));
    });
  });
  return { name, port, child, ...(ready.signedIn ? { signedIn: ready.signedIn } : {}), ...(ready.databaseUrl ? { databaseUrl: ready.databaseUrl } : {}) };
}

function load(
  target: Target | Target[],
  urlPath: string,
  connections: number,
  duration: number,
  headers: Record<string, string> = {},
  request: Pick<Case, 'method' | 'body'> = {},
): Promise<Result> {
  const urls = (Array.isArray(target) ? target : [target]).map((t) => `http://127.0.0.1:${t.port}${urlPath}`);
  return autocannon({
    url: urls.length === 1 ? urls[0]! : urls,
    connections,
    duration,
    pipelining: 1,
    timeout: 10,
    headers: { host: 'localhost', ...headers },
    ...(request.method ? { method: request.method } : {}),
    ...(request.body ? { body: request.body } : {}),
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

/** Two instances / one on the same database, each figure next to its own baseline of the same run. */
function printScaleOut(rows: Row[]) {
  for (const two of rows.filter((r) => r.name.startsWith('scale out'))) {
    const one = rows.find((r) => r.name.startsWith('signed in: GET /api/all-info') && r.connections === two.connections);
    if (!one) continue;
    const ratio = two.result.requests.average / two.baseline.requests.average / (one.result.requests.average / one.baseline.requests.average);
    console.log(
      `scale out at ${two.connections} connections: two instances ${fmt(two.result.requests.average)} req/s, one ${fmt(one.result.requests.average)} req/s → ` +
        `two / one = ${fmt(two.result.requests.average / one.result.requests.average, 2)} (${fmt(ratio, 2)} relative to each one's baseline)`,
    );
  }
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

async function careNetworkScale(): Promise<void> {
  console.log('\n--- care network at scale (bench/care-network-scale.ts)');
  const { runCareNetworkScaleBench } = await import('./care-network-scale');
  console.table(await runCareNetworkScaleBench());
}

/** Establishment search at 100k rows, with and without its index (bench/establishments-search.ts). */
async function establishmentSearch(): Promise<void> {
  console.log('\n--- establishment search at scale (bench/establishments-search.ts)');
  const { runEstablishmentSearchBench } = await import('./establishments-search');
  console.table(await runEstablishmentSearchBench());
}

/** The estimate's SQL statements per call (PostgreSQL only: counted on the app's database) and the engine's lines per second. */
async function guaranteesFigures(app: Target): Promise<void> {
  if (ONLY.length > 0 && !ONLY.some((word) => 'guarantees estimate engine'.includes(word))) return;
  console.log('\n--- guarantees engine');
  if (app.databaseUrl) {
    const { uncached, cached } = await statementsPerEstimate(app.databaseUrl);
    console.log(`POST /api/guarantees/estimate (3 lines): ${cached} SQL statement per call with the day's catalogue in the read cache, ${uncached} without`);
  } else console.log('POST /api/guarantees/estimate: SQL statements per call counted on PostgreSQL only (BENCH_DATABASE_URL)');
  console.log(await engineLinesPerSecond());
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
    // Three lines estimated against the member's own guarantees and allowances (nothing stored).
    {
      name: 'signed in: POST /api/guarantees/estimate (3 lines)',
      path: '/api/guarantees/estimate',
      headers: await xsrfHeaders(app.port, session.cookie),
      method: 'POST',
      body: estimateBody(),
    },
  ];
  // The portal's page: home painted by the server with the member's start-up answers, and a
  // visitor's page (answers without the global details). Only with a build (npm run build) to serve.
  if (existsSync(path.join(WEB_BUILD, 'index.html')) && existsSync(path.join(WEB_BUILD, '../dist-ssr/entry-server.js'))) {
    cases.push(
      {
        name: 'signed in: GET /home (painted when the instance has time)',
        path: '/home',
        headers: { cookie: `${session.cookie}; ${VAUTH_COOKIE}=true`, 'accept-encoding': 'br' },
      },
      { name: 'GET /help (visitor’s page, start-up answers)', path: '/help', headers: { 'accept-encoding': 'br' } },
    );
  } else {
    console.log('No web build (npm run build): the page cases are skipped.');
  }
  let second: Target | undefined;
  if (onServer && INSTANCES && app.databaseUrl) {
    const name = 'scale out: GET /api/all-info on 2 instances, 1 PostgreSQL';
    if (ONLY.length === 0 || ONLY.some((word) => name.includes(word))) {
      second = await startTarget('app', await freePort(18362), app.databaseUrl);
      cases.push({ name, path: '/api/all-info', headers: session, targets: 'both' });
    }
  }
  const selected = cases.filter((c) => ONLY.length === 0 || ONLY.some((word) => c.name.includes(word)));
  const rows: Row[] = [];
  for (const connections of CONNECTIONS) {
    for (const c of selected) {
      const target = c.targets === 'both' && second ? [app, second] : app;
      // The baseline right before each case: the ratio compares two figures taken under the same load.
      if (WARMUP > 0) await load(baselineTarget, '/', connections, WARMUP);
      const base = await load(baselineTarget, '/', connections, DURATION);
      if (WARMUP > 0) await load(target, c.path, connections, WARMUP, c.headers, c);
      process.stdout.write(`running ${c.name} at ${connections} connections for ${DURATION} s… `);
      const result = await load(target, c.path, connections, DURATION, c.headers, c);
      console.log(`${fmt(result.requests.average)} req/s (baseline ${fmt(base.requests.average)})`);
      rows.push({ name: c.name, connections, result, baseline: base });
    }
  }
  printTable(rows);
  printScaleOut(rows);
  await guaranteesFigures(app);
  for (const child of children) child.disconnect();

  if (SCALE) await refundsScale();
  if (SCALE) {
    // The back office's queue at a million cases (bench/cases-scale.ts).
    console.log('\n--- back-office queue at scale (bench/cases-scale.ts)');
    const { runCasesScaleBench } = await import('./cases-scale');
    await runCasesScaleBench();
  }
  if (SCALE) await careNetworkScale();
  if (SEARCH) await establishmentSearch();
  if (ASSISTANT) {
    console.log('\n--- the assistant on its question set (bench/assistant.ts)');
    const { runAssistantBench } = await import('./assistant');
    if (!(await runAssistantBench())) process.exitCode = 1;
  }
  if (AUTOPAY) {
    console.log('\n--- sending to the refund shown (bench/automatic-refunds.ts)');
    const { runAutomaticRefundsBench } = await import('./automatic-refunds');
    if (!(await runAutomaticRefundsBench()).ok) process.exitCode = 1;
  }
  if (OCR) {
    const { runInvoiceScanBench } = await import('./invoice-scan');
    if (!(await runInvoiceScanBench()).ok) process.exitCode = 1;
  }
  // The Monday morning (bench/monday.ts): distinct members of a synthetic population, mixed kinds.
  if (process.env.BENCH_MONDAY === 'true') {
    const { runMondayBench } = await import('./monday');
    await runMondayBench();
  }

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
