/**
 * Reads at scale: does a signed-in read cost the same among ten thousand members as among a hundred
 * thousand or a million? Two populations (npm run seed:population) on one PostgreSQL server, one built
 * server on each (node apps/server/dist/main.js, read cache off: the global details are a miss every
 * time), and each read timed one at a time on both, taking turns request by request (a change of the
 * machine's load hits both alike), each request as another member: p50, p95 and the ratio of the p95s.
 *
 *   BENCH_SMALL_URL / BENCH_SMALL_SESSIONS   the small population's database and sessions file
 *   BENCH_LARGE_URL / BENCH_LARGE_SESSIONS   the large one's
 *   BENCH_READS_ITERATIONS                   requests per read and population (default 100)
 *
 * The back office's queue and member search are read by the demo agent (password and TOTP of the demo
 * staff). Run: `npx tsx bench/reads-scale.ts`.
 */
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SESSION_COOKIE } from '@mutua/contracts/auth';
import { XSRF_COOKIE, XSRF_HEADER } from '@mutua/contracts/platform';
import { membershipNumberOf } from '../src/modules/population/families';
import type { PopulationSessions } from '../src/modules/population/sessions-file';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../src/modules/backoffice/seed';
import { currentTotp } from '../src/modules/backoffice/totp';
import { startServerProcess } from './support';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ITERATIONS = Number(process.env.BENCH_READS_ITERATIONS ?? 100);
const STAFF_HOST = 'gestion.localhost';
const children: ChildProcess[] = [];

type Answer = { status: number; ms: number; cookies: string[]; body: string };

function request(port: number, method: string, urlPath: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  const start = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: '127.0.0.1', port, method, path: urlPath, headers: { ...headers, ...(body ? { 'content-type': 'application/json' } : {}) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            ms: performance.now() - start,
            cookies: (res.headers['set-cookie'] ?? []).map((c) => c.split(';')[0]!),
            body: Buffer.concat(chunks).toString(),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

async function startServer(databaseUrl: string): Promise<{ port: number }> {
  const { port, child, dataDir } = await startServerProcess({
    label: `the server on ${new URL(databaseUrl).pathname}`,
    args: ['apps/server/dist/main.js'],
    cwd: ROOT,
    databaseUrl,
    children,
    env: {
      // The keys the population was sealed with: the seed's (MASTER_KEY_FILE, or the one it generated in .data).
      MASTER_KEY_FILE: process.env.MASTER_KEY_FILE ?? path.join(ROOT, '.data/master-keys'),
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      READ_CACHE: 'off',
      // One request at a time: nothing to shed, whatever the shared machine's lag.
      OVERLOAD_POOL_WAIT_MS: '0',
      OVERLOAD_EVENT_LOOP_DELAY_MS: '0',
    },
  });
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  return { port };
}

/** The demo agent signed in on the back office: password, then the authenticator's code. */
async function staffCookie(port: number): Promise<string> {
  const jar = new Map<string, string>();
  const keep = (a: Answer) => a.cookies.forEach((c) => jar.set(c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1)));
  const headers = () => ({ host: STAFF_HOST, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '), [XSRF_HEADER]: jar.get(XSRF_COOKIE) ?? '' });
  keep(await request(port, 'GET', '/api/bo/auth/session', headers()));
  const login = await request(port, 'POST', '/api/bo/auth/login', headers(), JSON.stringify({ email: DEMO_STAFF.agent.email, password: DEMO_STAFF_PASSWORD }));
  if (login.status !== 200) throw new Error(`staff login answered ${login.status}: ${login.body}`);
  keep(login);
  const totp = await request(port, 'POST', '/api/bo/auth/totp', headers(), JSON.stringify({ code: currentTotp(DEMO_STAFF.agent.totp, new Date()) }));
  if (totp.status !== 200) throw new Error(`staff TOTP answered ${totp.status}: ${totp.body}`);
  keep(totp);
  return headers().cookie;
}

type Side = { label: string; port: number; population: PopulationSessions; staff: string };
type Read = { name: string; path: (side: Side, i: number) => string; staff?: true };

const READS: Read[] = [
  { name: 'global details (a miss)', path: () => '/api/all-info' },
  { name: 'refunds, first page', path: () => '/api/refunds' },
  {
    name: 'refunds, searched',
    path: () => '/api/refunds?startDate=2025-01-01&endDate=2026-06-30&beneficiaryTypes=main,child&operationTypes=pharmacy,consultation',
  },
  { name: 'requests', path: () => '/api/all-info?actionKey=requests' },
  { name: 'documents', path: () => '/api/documents?tab=shared' },
  { name: 'back-office queue', path: () => '/api/bo/cases?view=all&state=OPEN', staff: true },
  // A number among the population's (the number itself, the member varying).
  {
    name: 'back-office member search (number)',
    path: (side, i) => `/api/bo/members?q=${membershipNumberOf(1 + ((i * 7919) % side.population.members))}`,
    staff: true,
  },
  {
    name: 'back-office member search (name)',
    path: (_side, i) => `/api/bo/members?q=${encodeURIComponent(['camille mar', 'durand th', 'lefèvre', 'louise b'][i % 4]!)}`,
    staff: true,
  },
];

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function time(side: Side, read: Read, i: number): Promise<number> {
  const session = side.population.sessions[i % side.population.sessions.length]!;
  const headers = read.staff ? { host: STAFF_HOST, cookie: side.staff } : { host: session.host, cookie: `${SESSION_COOKIE}=${session.cookie}` };
  const answer = await request(side.port, 'GET', read.path(side, i), headers);
  if (answer.status !== 200) throw new Error(`${read.name} on ${side.label} answered ${answer.status}: ${answer.body.slice(0, 200)}`);
  return answer.ms;
}

export async function runReadsScaleBench(): Promise<void> {
  const env = (name: string) => {
    const value = process.env[name];
    if (!value) throw new Error(`reads-scale: set ${name} (see the head of bench/reads-scale.ts)`);
    return value;
  };
  const sides: Side[] = [];
  try {
    for (const [url, file] of [
      [env('BENCH_SMALL_URL'), env('BENCH_SMALL_SESSIONS')],
      [env('BENCH_LARGE_URL'), env('BENCH_LARGE_SESSIONS')],
    ] as const) {
      const population = JSON.parse(readFileSync(file, 'utf8')) as PopulationSessions;
      const server = await startServer(url);
      sides.push({ label: `${population.members.toLocaleString('en-US')} members`, port: server.port, population, staff: await staffCookie(server.port) });
    }
    const rows: Record<string, string | number>[] = [];
    for (const read of READS) {
      const times: number[][] = sides.map(() => []);
      for (let i = 0; i < 5; i++) for (const side of sides) await time(side, read, i); // warm-up
      for (let i = 0; i < ITERATIONS; i++) for (const [s, side] of sides.entries()) times[s]!.push(await time(side, read, i + 5));
      const [small, large] = times.map((t) => t.sort((a, b) => a - b)) as [number[], number[]];
      rows.push({
        read: read.name,
        [`p50 ${sides[0]!.label}`]: Math.round(pct(small, 50) * 10) / 10,
        [`p95 ${sides[0]!.label}`]: Math.round(pct(small, 95) * 10) / 10,
        [`p50 ${sides[1]!.label}`]: Math.round(pct(large, 50) * 10) / 10,
        [`p95 ${sides[1]!.label}`]: Math.round(pct(large, 95) * 10) / 10,
        'p95 large / small': Math.round((pct(large, 95) / pct(small, 95)) * 100) / 100,
      });
    }
    console.table(rows);
    console.log(
      `${ITERATIONS} requests per read and population, one at a time, taking turns; loopback; load average ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')} on ${os.cpus().length} CPUs.`,
    );
  } finally {
    for (const child of children) child.kill('SIGTERM');
  }
}

runReadsScaleBench().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
