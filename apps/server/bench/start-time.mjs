// Time to first answer after a restart, and resident memory at rest, of the server started by a command.
//   node apps/server/bench/start-time.mjs [built|tsx]   (default: both, taking turns on the same data)
// The server is started once to migrate and seed a fresh data dir (PGlite, or BENCH_DATABASE_URL: an
// empty database of its own, never a shared one — it is migrated and seeded), stopped, then each kind is
// started again RUNS times (default 3), taking turns: from the spawn to the first 200 of /api/heartbeat,
// then its RSS (the process and its children) after REST_MS (default 5 s) without requests.
// MASTER_KEY_FILE: the database's master key file (a population's); without it, one made for the run.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const RUNS = Number(process.env.RUNS ?? 3);
const REST_MS = Number(process.env.REST_MS ?? 5_000);
const COMMANDS = {
  built: ['apps/server/dist/main.js'],
  tsx: ['--import', 'tsx', 'apps/server/src/main.ts'],
};

/** RSS of a process and its descendants (kB → MB), from /proc. */
function rssMb(pid) {
  const children = new Map();
  for (const entry of readdirSync('/proc').filter((e) => /^\d+$/.test(e))) {
    try {
      const ppid = Number(/PPid:\s+(\d+)/.exec(readFileSync(`/proc/${entry}/status`, 'utf8'))[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(entry)]);
    } catch {
      // The process ended meanwhile.
    }
  }
  let kb = 0;
  const visit = (p) => {
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${p}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // The process ended meanwhile.
    }
    for (const c of children.get(p) ?? []) visit(c);
  };
  visit(pid);
  return Math.round(kb / 1024);
}

async function start(kind, env) {
  const started = performance.now();
  const child = spawn(process.execPath, COMMANDS[kind], { cwd: root, env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${kind}: the server stopped (${child.exitCode})`);
    try {
      const res = await fetch(`http://127.0.0.1:${env.PORT}/api/heartbeat`);
      if (res.status === 200) break;
    } catch {
      // Not listening yet.
    }
    await sleep(20);
  }
  const firstAnswerMs = Math.round(performance.now() - started);
  return {
    firstAnswerMs,
    rest: async () => {
      await sleep(REST_MS);
      return rssMb(child.pid);
    },
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

const port = 18_000 + Math.floor(Math.random() * 1_000);
const kinds = process.argv[2] ? [process.argv[2]] : ['tsx', 'built'];
const results = Object.fromEntries(kinds.map((kind) => [kind, { times: [], rss: [] }]));
const dataDir = mkdtempSync(path.join(tmpdir(), 'mutua-start-'));
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  NODE_ENV: 'production',
  SESSION_SECRET: 'start-time-bench-secret-0123456789abcdef',
  DEMO_DATA: 'true',
};
if (process.env.BENCH_DATABASE_URL) env.DATABASE_URL = process.env.BENCH_DATABASE_URL;
// Production requires a master key file.
if (!process.env.MASTER_KEY_FILE) {
  env.MASTER_KEY_FILE = path.join(dataDir, 'master-keys');
  writeFileSync(env.MASTER_KEY_FILE, `mk-bench ${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
}
// Migrated and seeded once; then the kinds take turns, so that a change of the machine's load hits both.
await (await start(kinds[0], env)).stop();
for (let i = 0; i < RUNS; i++) {
  for (const kind of kinds) {
    const run = await start(kind, env);
    results[kind].times.push(run.firstAnswerMs);
    results[kind].rss.push(await run.rest());
    await run.stop();
  }
}
rmSync(dataDir, { recursive: true, force: true });
for (const [kind, { times, rss }] of Object.entries(results)) {
  console.log(`${kind.padEnd(6)} first answer after restart: ${times.join(', ')} ms · RSS at rest: ${rss.join(', ')} MB`);
}
