/**
 * What a Monday-morning step cost the machine and what its requests waited on: CPU per process group
 * from Linux's /proc, and (BENCH_MONDAY_WAITS=true) PostgreSQL's backends and each instance's pool and
 * event loop sampled through the step.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';

/** A server the bench loads: its process id (for its CPU) and its operations port (for its gauges). */
export type Watched = { pid?: number; metricsPort?: number };

/**
 * Where the machine's CPU went (Linux's /proc): the instances, PostgreSQL's processes, this load
 * generator, the rest, and idle — in cores, over a step — so the printed rate says what limits it.
 */
export type CpuMark = { at: number; total: number; idle: number; instances: number; postgres: number; generator: number };
const TICK = 100; // USER_HZ: /proc counts CPU time in hundredths of a second on Linux.
function ticksOf(pid: number | string): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return Number(fields[11]) + Number(fields[12]); // utime + stime
  } catch {
    return 0; // ended meanwhile
  }
}
export function cpuMark(targets: Watched[]): CpuMark | null {
  if (!existsSync('/proc/stat')) return null;
  const cpu = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/\s+/).slice(1).map(Number);
  let postgres = 0;
  for (const pid of readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres') postgres += ticksOf(pid);
    } catch {
      // a process gone between the listing and the read
    }
  }
  const usage = process.cpuUsage();
  return {
    at: performance.now(),
    total: cpu.reduce((a, b) => a + b, 0),
    idle: cpu[3]! + (cpu[4] ?? 0),
    instances: targets.reduce((sum, t) => sum + (t.pid ? ticksOf(t.pid) : 0), 0),
    postgres,
    generator: ((usage.user + usage.system) / 1e6) * TICK,
  };
}
export function cpuSpent(from: CpuMark | null, to: CpuMark | null): string {
  if (!from || !to) return '';
  const wall = ((to.at - from.at) / 1000) * TICK;
  const cores = (ticks: number) => (ticks / wall).toFixed(2);
  const busy = to.total - from.total - (to.idle - from.idle);
  const known = to.instances - from.instances + (to.postgres - from.postgres) + (to.generator - from.generator);
  return `CPU in cores of ${os.cpus().length}: instance(s) ${cores(to.instances - from.instances)}, PostgreSQL ${cores(to.postgres - from.postgres)}, load generator ${cores(
    to.generator - from.generator,
  )}, other ${cores(Math.max(0, busy - known))}, idle ${cores(to.idle - from.idle)}`;
}

/**
 * What the requests wait on, sampled every 100 ms over a step: PostgreSQL's backends by state and wait
 * event (pg_stat_activity; a backend « idle in transaction » is one the app holds while it works
 * elsewhere) and each instance's pool (connections in use, statements waiting for one). Printed as the
 * mean number at any moment, so a limit that is a wait shows where it is.
 */
export function sampleWaits(databaseUrl: string, targets: Watched[]): { stop(): Promise<string> } {
  const db = new pg.Client({ connectionString: databaseUrl });
  const states = new Map<string, number>();
  let samples = 0;
  let inUse = 0;
  let waiting = 0;
  let lagMean = 0;
  let lagP99 = 0;
  let scraped = 0;
  let running = true;
  const gauge = (text: string, name: string) => Number(new RegExp(`^${name} ([0-9.e+-]+)$`, 'm').exec(text)?.[1] ?? 0);
  const scrape = (port: number) =>
    new Promise<string>((resolve) => {
      http
        .get({ host: '127.0.0.1', port, path: '/metrics' }, (res) => {
          let body = '';
          res.setEncoding('utf8');
          res.on('data', (c: string) => (body += c));
          res.on('end', () => resolve(body));
        })
        .on('error', () => resolve(''));
    });
  const loop = (async () => {
    await db.connect();
    while (running) {
      const { rows } = await db.query<{ state: string; n: string }>(
        `SELECT coalesce(state, '?') || coalesce(' · ' || wait_event_type || ':' || wait_event, '') AS state, count(*) AS n
           FROM pg_stat_activity
          WHERE datname = current_database() AND pid <> pg_backend_pid() AND backend_type = 'client backend' AND state <> 'idle'
          GROUP BY 1`,
      );
      for (const r of rows) states.set(r.state, (states.get(r.state) ?? 0) + Number(r.n));
      for (const t of targets) {
        if (!t.metricsPort) continue;
        const text = await scrape(t.metricsPort);
        if (!text) continue;
        inUse += gauge(text, 'mutua_db_pool_in_use');
        waiting += gauge(text, 'mutua_db_pool_waiting');
        lagMean += gauge(text, 'mutua_process_nodejs_eventloop_lag_mean_seconds');
        lagP99 += gauge(text, 'mutua_process_nodejs_eventloop_lag_p99_seconds');
        scraped++;
      }
      samples++;
      await sleep(100);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop.catch(() => {});
      await db.end().catch(() => {});
      if (!samples) return '';
      const mean = (n: number) => (n / samples).toFixed(2);
      const top = [...states]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([state, n]) => `${state} ${mean(n)}`)
        .join(', ');
      const ms = (n: number) => (scraped ? ((n / scraped) * 1000).toFixed(1) : '?');
      return `waits (mean at any moment, ${samples} samples): pools in use ${mean(inUse)}, waiting for a connection ${mean(waiting)}; event loop lag mean ${ms(lagMean)} ms, p99 ${ms(
        lagP99,
      )} ms (per 100 ms); PostgreSQL ${top || 'nothing active'}`;
    },
  };
}
