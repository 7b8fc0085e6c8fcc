/**
 * An instance pushed past its capacity: how it answers. The real app (bench/targets.ts) on a small pool
 * (DATABASE_POOL_SIZE, default 2) without its read cache, so that every signed-in /api/all-info goes to
 * the database, loaded by BENCH_CONNECTIONS (default 200) clients, each with a session of its own, for
 * BENCH_DURATION s (default 15).
 * Prints the answers by status, and the latency (p50, p99) of each status.
 *   npx tsx apps/server/bench/overload.ts            (BENCH_DATABASE_URL=postgres://… for PostgreSQL)
 */
import { fork } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SESSION_COOKIE } from '@mutua/contracts/auth';
import { VAUTH_COOKIE } from '@mutua/contracts/platform';
import autocannon from 'autocannon';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 15);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 200);
const port = 18_400 + Math.floor(Math.random() * 100);

const child = fork(path.join(HERE, 'targets.ts'), ['app', String(port)], {
  execArgv: ['--import', 'tsx'],
  stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  env: {
    ...process.env,
    BENCH_SESSIONS: String(CONNECTIONS),
    BENCH_READ_CACHE: 'off',
    DATABASE_POOL_SIZE: process.env.DATABASE_POOL_SIZE ?? '2',
    BENCH_SESSION_SECRET: randomBytes(32).toString('base64url'),
  },
});
const hardStop = setTimeout(
  () => {
    child.kill('SIGTERM');
    process.exit(2);
  },
  (DURATION + 180) * 1000,
).unref();
const { signedIn } = await new Promise<{ signedIn: { cookie: string; cookies: string[] } }>((resolve) =>
  child.once('message', resolve as (m: unknown) => void),
);

const latencies = new Map<number, number[]>();
let clients = 0;
const instance = autocannon({
  url: `http://127.0.0.1:${port}/api/all-info`,
  connections: CONNECTIONS,
  duration: DURATION,
  headers: { host: 'localhost', cookie: `${SESSION_COOKIE}=${signedIn.cookie}; ${VAUTH_COOKIE}=true`, 'accept-encoding': 'identity' },
  setupClient: (client) => {
    // A session of its own per connection: nothing shared between them (the worst case for the pool).
    const cookie = signedIn.cookies[clients++ % signedIn.cookies.length];
    client.setHeaders({ host: 'localhost', cookie: `${SESSION_COOKIE}=${cookie}; ${VAUTH_COOKIE}=true`, 'accept-encoding': 'identity' });
    client.on('response', (status, _bytes, responseTimeMs) => {
      const list = latencies.get(status) ?? [];
      list.push(responseTimeMs);
      latencies.set(status, list);
    });
  },
});
const result = await instance;
const pct = (list: number[], p: number) => list.sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((p / 100) * list.length))] ?? 0;
console.log(`\n/api/all-info, ${CONNECTIONS} connections, ${DURATION} s, pool ${process.env.DATABASE_POOL_SIZE ?? '2'}, read cache off`);
console.log(`answers ${result.requests.total}, ${Math.round(result.requests.average)}/s, timeouts ${result.timeouts}, errors ${result.errors}`);
for (const [status, list] of [...latencies].sort((a, b) => a[0] - b[0])) {
  console.log(`  ${status}: ${list.length} answers, p50 ${Math.round(pct(list, 50))} ms, p99 ${Math.round(pct(list, 99))} ms`);
}
clearTimeout(hardStop);
// The target drops its scratch database on the way out: waited for.
const exited = new Promise((resolve) => child.once('exit', resolve));
child.kill('SIGTERM');
await exited;
process.exit(0);
