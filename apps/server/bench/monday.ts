// Long because it is one bench: its scenario, the stepped load, the CPU account of each step and the report.
/**
 * The Monday-morning bench: distinct signed-in members of a synthetic population, each opening a page
 * every 1.5–4.5 s (home painted by the server, the global details, refunds, a statement PDF, their
 * requests, their documents, or sending a message with a PDF), against the built server
 * (node apps/server/dist/main.js) on PostgreSQL. In one run:
 *   1. a bare Fastify hello-world and each kind alone on one member (autocannon, closed loop): the
 *      machine's ceiling and the single-read cases;
 *   2. the scenario at BENCH_MONDAY_MEMBERS (default 200) members for BENCH_MONDAY_SECONDS (default 120);
 *   3. the offered load stepped up (more members, then shorter pauses) until p99 > 1 s or an error: the
 *      sustainable rate is the largest step with p99 ≤ 1 s and no error;
 *   4. the same steps on two instances of one database (BENCH_MONDAY_TWO=false skips);
 *   5. the same steps on an old checkout when BENCH_OLD_ROOT names one (its src/main.ts run through tsx,
 *      on BENCH_OLD_DATABASE_URL, a copy of the population database).
 * Printed per kind: throughput, p50, p99, errors by status.
 *
 * Needs a population (`npm run seed:population -- --members 100000 --sessions 1000`): the database of
 * BENCH_POPULATION_URL (else DATABASE_URL) and the sessions file it wrote (BENCH_SESSIONS_FILE). Sessions
 * end after 30 minutes idle: open them again right before the bench (`--members <same N> --sessions 1000`
 * writes no member, only sessions). Run alone: `npx tsx bench/monday.ts`; `npm run bench` runs it at the
 * end when BENCH_MONDAY=true.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { SESSION_COOKIE } from '@mutua/contracts/auth';
import { IDEMPOTENCY_HEADER, VAUTH_COOKIE, XSRF_COOKIE, XSRF_HEADER } from '@mutua/contracts/platform';
import autocannon from 'autocannon';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { DEFAULT_SESSIONS_FILE, type PopulationSession, type PopulationSessions } from '../src/modules/population/sessions-file';
import { cpuMark, cpuSpent, sampleWaits, type CpuMark } from './monday-usage';
import { freePort, messageBody, startServerProcess } from './support';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '../../..');
const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const MEMBERS = env('BENCH_MONDAY_MEMBERS', 200);
const SECONDS = env('BENCH_MONDAY_SECONDS', 120);
const STEP_SECONDS = env('BENCH_MONDAY_STEP_SECONDS', 30);
const SINGLE_SECONDS = env('BENCH_MONDAY_SINGLE_SECONDS', 5);
/** Offered loads (requests per second) of the steps; members at 3 s on average each, pauses shortened past the sessions there are. */
const STEPS = (process.env.BENCH_MONDAY_STEPS ?? '67,133,200,300,400,550,700')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const P99_LIMIT_MS = 1000;
const SECRET = process.env.BENCH_SESSION_SECRET ?? randomBytes(32).toString('base64url');

type Kind = 'home' | 'all-info' | 'refunds' | 'statement' | 'requests' | 'documents' | 'message';
/** What a member opens on a Monday morning, and how often (weights). */
const MIX: [Kind, number][] = [
  ['home', 25],
  ['all-info', 15],
  ['refunds', 20],
  ['statement', 10],
  ['requests', 12],
  ['documents', 10],
  ['message', 8],
];
const KINDS = MIX.map(([k]) => k);

type Member = PopulationSession & { xsrf: string; address: string };
type Target = { port: number; pid?: number; metricsPort?: number; stop(): Promise<void> };
/** One answer: its kind, time, status, and when it ended (ms since the scenario began). */
type Sample = { kind: Kind; ms: number; status: number; at: number };

const children: ChildProcess[] = [];

/** Starts a server process and waits for its heartbeat. */
async function startServer(label: string, args: string[], cwd: string, databaseUrl: string, extra: Record<string, string> = {}): Promise<Target> {
  // BENCH_SERVER_NODE_ARGS, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`: the servers' own Node flags.
  const nodeArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const metricsPort = await freePort();
  const { port, child, dataDir } = await startServerProcess({
    label,
    args: [...nodeArgs, ...args],
    cwd,
    databaseUrl,
    children,
    env: {
      SESSION_SECRET: SECRET,
      // The load generator is one address with hundreds of connections: no cap per address; each member
      // comes with an address of its own (X-Forwarded-For from loopback), as behind the production proxy,
      // so that the per-address write limit counts per member.
      MAX_CONNECTIONS_PER_ADDRESS: '0',
      TRUST_PROXY: '127.0.0.1',
      // Its pool gauges, read by the waits sampler; an old checkout may not have them.
      METRICS_PORT: String(metricsPort),
      ...extra,
    },
  });
  return {
    port,
    pid: child.pid,
    metricsPort,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, sleep(10_000)]);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function startBaseline(): Promise<Target> {
  const port = await freePort();
  const child = fork(path.join(HERE, 'targets.ts'), ['baseline', String(port)], {
    execArgv: ['--import', 'tsx'],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  children.push(child);
  await new Promise((resolve) => child.once('message', resolve));
  return { port, stop: async () => void child.kill('SIGTERM') };
}

/** One request over a member's own keep-alive connection; answers its status (0: no answer) and time. */
function send(
  agent: http.Agent,
  port: number,
  options: { method?: string; path: string; headers: Record<string, string>; body?: Buffer },
): Promise<{ status: number; ms: number; body: Buffer }> {
  const start = performance.now();
  return new Promise((resolve) => {
    const req = http.request(
      { agent, host: '127.0.0.1', port, method: options.method ?? 'GET', path: options.path, headers: options.headers, timeout: 10_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - start, body: Buffer.concat(chunks) }));
        res.on('error', () => resolve({ status: 0, ms: performance.now() - start, body: Buffer.alloc(0) }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve({ status: 0, ms: performance.now() - start, body: Buffer.alloc(0) }));
    if (options.body) req.end(options.body);
    else req.end();
  });
}

const cookieOf = (m: PopulationSession) => `${SESSION_COOKIE}=${m.cookie}; ${VAUTH_COOKIE}=true`;

/** The member's anti-forgery token (GET /api/init sets it for the session), as a browser holds it. */
async function withXsrf(port: number, session: PopulationSession): Promise<Member> {
  const agent = new http.Agent({ keepAlive: false });
  const token = await new Promise<string>((resolve, reject) => {
    http
      .get({ agent, host: '127.0.0.1', port, path: '/api/init', headers: { host: session.host, cookie: cookieOf(session) } }, (res) => {
        res.resume();
        const cookie = (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!).find((c) => c.startsWith(`${XSRF_COOKIE}=`));
        if (res.statusCode !== 200 || !cookie)
          reject(new Error(`GET /api/init answered ${res.statusCode} without an anti-forgery token: open the sessions again (seed:population --sessions)`));
        else resolve(cookie.slice(XSRF_COOKIE.length + 1));
      })
      .on('error', reject);
  });
  const n = memberCount++;
  return { ...session, xsrf: token, address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` };
}

let memberCount = 1;
let pdf: Buffer;
/** A message with a one-page PDF, as the new-message form sends it (multipart). */
const message = (boundary: string) =>
  messageBody(boundary, pdf, { object: 'Question sur mon remboursement', message: 'Bonjour, je joins la facture de mon opticien. Merci.' });

function requestOf(kind: Kind, m: Member): { method?: string; path: string; headers: Record<string, string>; body?: Buffer } {
  const headers = { host: m.host, cookie: cookieOf(m), 'accept-encoding': 'br, gzip', 'x-forwarded-for': m.address };
  switch (kind) {
    case 'home':
      return { path: '/home', headers: { ...headers, accept: 'text/html' } };
    case 'all-info':
      return { path: '/api/all-info', headers };
    case 'refunds':
      return { path: '/api/refunds', headers };
    case 'statement':
      return { path: `/api/refunds/${m.refundId}/statement`, headers };
    case 'requests':
      return { path: '/api/all-info?actionKey=requests', headers };
    case 'documents':
      return { path: '/api/documents?tab=shared', headers };
    case 'message': {
      const boundary = `----mutua${randomBytes(8).toString('hex')}`;
      const body = message(boundary);
      return {
        method: 'POST',
        path: '/api/requests/messages',
        body,
        headers: {
          ...headers,
          cookie: `${headers.cookie}; ${XSRF_COOKIE}=${m.xsrf}`,
          [XSRF_HEADER]: m.xsrf,
          [IDEMPOTENCY_HEADER]: randomUUID(),
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': String(body.length),
        },
      };
    }
  }
}

function pickKind(): Kind {
  const total = MIX.reduce((s, [, w]) => s + w, 0);
  let r = Math.random() * total;
  for (const [kind, weight] of MIX) {
    r -= weight;
    if (r < 0) return kind;
  }
  return 'home';
}

/**
 * `members` distinct members, each pausing uniformly within [pauseMin, pauseMax] seconds between its
 * pages (the first pause drawn so that they do not start together), for `seconds`, spread over the targets.
 */
async function scenario(
  targets: Target[],
  members: Member[],
  seconds: number,
  pauseMin: number,
  pauseMax: number,
): Promise<{ samples: Sample[]; window: Window }> {
  const samples: Sample[] = [];
  const until = performance.now() + seconds * 1000;
  const began = performance.now();
  await Promise.all(
    members.map(async (m, i) => {
      const target = targets[i % targets.length]!;
      const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });
      await sleep(Math.random() * pauseMax * 1000);
      while (performance.now() < until) {
        const kind = pickKind();
        const { status, ms } = await send(agent, target.port, requestOf(kind, m));
        samples.push({ kind, ms, status, at: performance.now() - began });
        await sleep((pauseMin + Math.random() * (pauseMax - pauseMin)) * 1000);
      }
      agent.destroy();
    }),
  );
  // Served rates count the steady part only: every member has started (after its first pause) and
  // none has stopped yet (each ends with a pause that sends nothing).
  return { samples, window: { from: pauseMax * 1000, to: seconds * 1000 } };
}

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN);
const ok = (s: Sample) => s.status >= 200 && s.status < 400;

type Summary = { kind: string; requests: number; 'req/s': number; 'p50 ms': number; 'p99 ms': number; errors: string };

/** The part of a scenario whose answers the rates count (ms since it began). */
type Window = { from: number; to: number };

function summarise(samples: Sample[], window: Window): Summary[] {
  const seconds = (window.to - window.from) / 1000;
  const inWindow = (s: Sample) => s.at >= window.from && s.at < window.to;
  const rows: Summary[] = [];
  for (const kind of [...KINDS, 'all'] as const) {
    const mine = kind === 'all' ? samples : samples.filter((s) => s.kind === kind);
    const times = mine.map((s) => s.ms).sort((a, b) => a - b);
    const byStatus = new Map<number, number>();
    for (const s of mine) if (!ok(s)) byStatus.set(s.status, (byStatus.get(s.status) ?? 0) + 1);
    rows.push({
      kind,
      requests: mine.length,
      'req/s': Math.round((mine.filter(inWindow).length / seconds) * 10) / 10,
      'p50 ms': Math.round(pct(times, 50)),
      'p99 ms': Math.round(pct(times, 99)),
      errors: byStatus.size ? [...byStatus].map(([status, n]) => `${n} × ${status || 'no answer'}`).join(', ') : '0',
    });
  }
  return rows;
}

/** Sustainable: no error and p99 ≤ 1 s for every kind. */
const sustainable = (rows: Summary[]) => rows.every((r) => r.errors === '0' && !(r['p99 ms'] > P99_LIMIT_MS));

/**
 * A freshly started instance compiles its hot paths and fills its caches on its first requests: ten
 * seconds of light traffic, not counted, before its steps (the first instance has had the single cases).
 */
async function warmUp(targets: Target[], pool: Member[]): Promise<void> {
  await scenario(targets, pool.slice(0, 30), 10, 0.5, 1.5);
}

/** Steps the offered load up on the targets until a step is not sustainable; answers the largest one that was. */
async function stepUp(label: string, targets: Target[], pool: Member[], databaseUrl: string): Promise<{ offered: number; served: number } | null> {
  let best: { offered: number; served: number } | null = null;
  for (const offered of STEPS) {
    // 3 s between a member's pages on average; past the sessions there are, the pauses get shorter.
    const members = pool.slice(0, Math.min(pool.length, Math.round(offered * 3)));
    const meanPause = members.length / offered;
    // CPU and waits over the steady part only, the part the served rate counts.
    let before: CpuMark | null = null;
    let after: CpuMark | null = null;
    let waits: ReturnType<typeof sampleWaits> | null = null;
    let waited: Promise<string> = Promise.resolve('');
    const steadyFrom = setTimeout(
      () => {
        before = cpuMark(targets);
        if (process.env.BENCH_MONDAY_WAITS === 'true') waits = sampleWaits(databaseUrl, targets);
      },
      meanPause * 1.5 * 1000,
    );
    const steadyTo = setTimeout(() => {
      after = cpuMark(targets);
      if (waits) waited = waits.stop();
    }, STEP_SECONDS * 1000);
    const { samples, window } = await scenario(targets, members, STEP_SECONDS, meanPause * 0.5, meanPause * 1.5);
    clearTimeout(steadyFrom);
    clearTimeout(steadyTo);
    const cpu = cpuSpent(before, after);
    const rows = summarise(samples, window);
    const all = rows.at(-1)!;
    const worst = Math.max(...rows.map((r) => r['p99 ms']).filter(Number.isFinite));
    const good = sustainable(rows);
    console.log(
      `  ${label}: offered ${offered} req/s (${members.length} members, a page every ${meanPause.toFixed(1)} s each) → served ${all['req/s']} req/s, worst p99 ${worst} ms, errors ${
        rows
          .filter((r) => r.kind !== 'all' && r.errors !== '0')
          .map((r) => `${r.kind}: ${r.errors}`)
          .join('; ') || '0'
      } ${good ? '✓' : '✗'}${cpu ? `\n    ${cpu}` : ''}${(await waited) ? `\n    ${await waited}` : ''}`,
    );
    if (!good) break;
    best = { offered, served: all['req/s'] };
  }
  return best;
}

async function singleCases(baseline: Target, app: Target, member: Member): Promise<void> {
  const connections = 10;
  const base = await autocannon({ url: `http://127.0.0.1:${baseline.port}/`, connections, duration: SINGLE_SECONDS });
  const rows: Record<string, string | number>[] = [
    {
      case: 'bare Fastify hello-world',
      'req/s': Math.round(base.requests.average),
      'p50 ms': base.latency.p50,
      'p99 ms': base.latency.p99,
      'non-2xx': base.non2xx,
    },
  ];
  for (const kind of KINDS.filter((k) => k !== 'message')) {
    const r = requestOf(kind, member);
    const result = await autocannon({ url: `http://127.0.0.1:${app.port}${r.path}`, connections, duration: SINGLE_SECONDS, headers: r.headers });
    rows.push({
      case: `${kind} alone (one member)`,
      'req/s': Math.round(result.requests.average),
      'p50 ms': result.latency.p50,
      'p99 ms': result.latency.p99,
      'non-2xx': result.non2xx + result.errors,
    });
  }
  console.table(rows);
}

export async function runMondayBench(): Promise<void> {
  const databaseUrl = process.env.BENCH_POPULATION_URL ?? process.env.DATABASE_URL;
  const file = process.env.BENCH_SESSIONS_FILE ?? DEFAULT_SESSIONS_FILE;
  if (!databaseUrl || !existsSync(file)) {
    console.log(
      `\n(Monday-morning bench skipped: it needs a population database in BENCH_POPULATION_URL and its sessions in ${file}: npm run seed:population -- --members 100000 --sessions 1000)`,
    );
    return;
  }
  const population = JSON.parse(readFileSync(file, 'utf8')) as PopulationSessions;
  if (!existsSync(path.join(ROOT, 'apps/server/dist/main.js'))) throw new Error('Monday-morning bench: build the server first (npm run build)');
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText('Facture', { x: 60, y: 760, size: 18, font: await doc.embedFont(StandardFonts.Helvetica) });
  pdf = Buffer.from(await doc.save());

  console.log(
    `\n--- Monday morning: ${population.sessions.length} signed-in members drawn from a population of ${population.members.toLocaleString('en-US')} (sessions opened ${population.openedAt})`,
  );
  const built = ['apps/server/dist/main.js'];
  const baseline = await startBaseline();
  const one = await startServer('new, one instance', built, ROOT, databaseUrl);
  try {
    // Eight at a time: a thousand sign-ins at once would be shed (503) like any burst.
    const members: Member[] = [];
    const queue = [...population.sessions];
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let s = queue.shift(); s; s = queue.shift()) members.push(await withXsrf(one.port, s));
      }),
    );
    console.log(`\n1. Baseline and each kind alone, ${SINGLE_SECONDS} s each, 10 connections, one member:`);
    await singleCases(baseline, one, members[0]!);

    const shuffled = members.sort(() => Math.random() - 0.5);
    console.log(
      `\n2. The scenario: ${MEMBERS} members, a page every 1.5–4.5 s each, ${SECONDS} s, one instance (node dist/main.js, pool ${process.env.DATABASE_POOL_SIZE ?? 'default'}):`,
    );
    const main = await scenario([one], shuffled.slice(0, MEMBERS), SECONDS, 1.5, 4.5);
    const rows = summarise(main.samples, main.window);
    console.table(rows);
    console.log(sustainable(rows) ? '   0 errors and p99 ≤ 1 s for every kind.' : '   NOT met: an error or a p99 over 1 s (above).');

    console.log(`\n3. Sustainable rate, steps of ${STEP_SECONDS} s (largest offered load with p99 ≤ 1 s for every kind and no error):`);
    const single = await stepUp('one instance', [one], shuffled, databaseUrl);
    let two: Awaited<ReturnType<typeof stepUp>> = null;
    if (process.env.BENCH_MONDAY_TWO !== 'false') {
      const second = await startServer('new, second instance', built, ROOT, databaseUrl);
      try {
        await warmUp([second], shuffled);
        two = await stepUp('two instances', [one, second], shuffled, databaseUrl);
      } finally {
        await second.stop();
      }
    }
    let old: Awaited<ReturnType<typeof stepUp>> = null;
    const oldRoot = process.env.BENCH_OLD_ROOT;
    if (oldRoot) {
      await one.stop();
      // Its demo data is there already (the population's database was seeded by the new code): not again.
      const oldServer = await startServer(
        'old checkout',
        ['--import', 'tsx', 'apps/server/src/main.ts'],
        oldRoot,
        process.env.BENCH_OLD_DATABASE_URL ?? databaseUrl,
        { DEMO_DATA: 'false' },
      );
      try {
        await warmUp([oldServer], shuffled);
        old = await stepUp(`old (${path.basename(oldRoot)}, tsx)`, [oldServer], shuffled, process.env.BENCH_OLD_DATABASE_URL ?? databaseUrl);
      } finally {
        await oldServer.stop();
      }
    }
    const rate = (r: typeof single) => (r ? `${r.offered} req/s offered (${r.served} served)` : 'none of the steps');
    console.log(`\nSustainable rate: one instance ${rate(single)}` + (two ? `; two instances ${rate(two)}` : '') + (oldRoot ? `; old ${rate(old)}` : ''));
    if (single && two) console.log(`two / one = ${(two.served / single.served).toFixed(2)} (served)`);
    if (single && old) console.log(`new / old = ${(single.served / old.served).toFixed(2)} (served)`);
    else if (single && oldRoot) console.log(`the old checkout sustained none of the steps (the lowest: ${STEPS[0]} req/s offered)`);
    console.log(
      `Same run, loopback, load generator on the same ${os.cpus().length} CPUs, load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}.`,
    );
  } finally {
    await one.stop().catch(() => {});
    await baseline.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runMondayBench()
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    })
    .finally(() => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
    });
}
