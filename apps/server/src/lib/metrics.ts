import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { DatabasePressure } from './overload';

/**
 * What Prometheus scrapes from this process (`/metrics` on the metrics port, http/ops-server.ts): one
 * registry per process, as one process is one scrape target. Code anywhere increments the counters
 * below directly (`metrics.messages.inc({ channel: 'email', outcome: 'sent' })`); what is read at
 * scrape time (pool, queues, database size) comes from the sources the running app attaches.
 *
 * Labels never carry personal data nor an unbounded set of values: a route is its pattern
 * (`/api/requests/:id`), never the URL.
 */
export const registry = new Registry();
collectDefaultMetrics({ register: registry, prefix: 'mutua_process_' });

/** Seconds; a member feels 100 ms, and anything past 2.5 s is a failure whatever its status. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export const metrics = {
  httpRequests: new Counter({
    name: 'mutua_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  }),
  httpDuration: new Histogram({
    name: 'mutua_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  }),
  readCache: new Counter({
    name: 'mutua_read_cache_lookups_total',
    help: 'Signed-in reads asked of the read cache: hit (answered from memory) or miss (loaded)',
    labelNames: ['result'] as const,
    registers: [registry],
  }),
  pages: new Counter({
    name: 'mutua_app_pages_total',
    help: "Member portal pages sent: painted by the server's render, or left for the browser to render",
    labelNames: ['outcome'] as const,
    registers: [registry],
  }),
  shed: new Counter({
    name: 'mutua_requests_shed_total',
    help: 'API requests answered 503 OVERLOADED before any work, by cause',
    labelNames: ['reason'] as const,
    registers: [registry],
  }),
  messages: new Counter({
    name: 'mutua_messages_total',
    help: 'Mails and SMS handed to their provider (sent) or refused by it (failed; a queued one is retried)',
    labelNames: ['channel', 'outcome'] as const,
    registers: [registry],
  }),
  signInFailures: new Counter({
    name: 'mutua_sign_in_failures_total',
    help: 'Wrong passwords and wrong one-time codes at sign-in',
    labelNames: ['step'] as const,
    registers: [registry],
  }),
  lockouts: new Counter({
    name: 'mutua_sign_in_lockouts_total',
    help: 'Sign-in blocks: an account after too many wrong passwords, a code step after too many wrong codes',
    labelNames: ['step'] as const,
    registers: [registry],
  }),
  /** Decisions the portal takes without a person (e.g. a refund claim accepted by rules): `kind` names the rule set, `outcome` what it decided. */
  automaticDecisions: new Counter({
    name: 'mutua_automatic_decisions_total',
    help: 'Decisions taken automatically, by kind and outcome',
    labelNames: ['kind', 'outcome'] as const,
    registers: [registry],
  }),
  retention: new Counter({
    name: 'mutua_retention_removed_total',
    help: 'Rows deleted or members anonymised by the retention job, by rule',
    labelNames: ['rule'] as const,
    registers: [registry],
  }),
};

/** What the running app lets the scrape read: set by app.ts, dropped when the app closes. */
export type MetricSources = {
  pressure(): DatabasePressure;
  /** Jobs waiting (created or to retry), running, and the age of the oldest waiting, per queue. */
  queues(): Promise<QueueStats[]>;
  /** The embedded database's files and the free space of their disk; null on a PostgreSQL server. */
  embeddedDisk(): Promise<{ usedBytes: number; freeBytes: number; totalBytes: number } | null>;
};

export type QueueStats = { queue: string; waiting: number; active: number; oldestWaitingSeconds: number };

let sources: MetricSources | null = null;

/** Points the scrape-time gauges at this app; returns the detach for its close. */
export function attachMetricSources(next: MetricSources): () => void {
  sources = next;
  return () => {
    if (sources === next) sources = null;
  };
}

new Gauge({
  name: 'mutua_db_pool_in_use',
  help: 'Database connections running a statement now',
  registers: [registry],
  collect() {
    this.set(sources?.pressure().inUse ?? 0);
  },
});
new Gauge({
  name: 'mutua_db_pool_waiting',
  help: 'Statements waiting for a database connection now',
  registers: [registry],
  collect() {
    this.set(sources?.pressure().waiting ?? 0);
  },
});
new Gauge({
  name: 'mutua_db_pool_oldest_wait_seconds',
  help: 'How long the oldest statement waiting for a connection has waited',
  registers: [registry],
  collect() {
    this.set((sources?.pressure().oldestWaitMs ?? 0) / 1000);
  },
});

/** One read of the job tables per scrape, shared by the three queue gauges. */
let queueRead: { at: number; stats: Promise<QueueStats[]> } | null = null;
function queueStats(): Promise<QueueStats[]> {
  if (!sources) return Promise.resolve([]);
  const now = Date.now();
  if (!queueRead || now - queueRead.at > 500) queueRead = { at: now, stats: sources.queues().catch(() => []) };
  return queueRead.stats;
}
const perQueue = (name: string, help: string, value: (s: QueueStats) => number) =>
  new Gauge({
    name,
    help,
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const stats of await queueStats()) this.set({ queue: stats.queue }, value(stats));
    },
  });
perQueue('mutua_job_queue_waiting', 'Jobs waiting to run (new or to retry), per queue', (s) => s.waiting);
perQueue('mutua_job_queue_active', 'Jobs running now, per queue', (s) => s.active);
perQueue('mutua_job_queue_oldest_waiting_seconds', 'Age of the oldest job waiting to run, per queue (0: none)', (s) => s.oldestWaitingSeconds);

const disk = (name: string, help: string, value: (d: { usedBytes: number; freeBytes: number; totalBytes: number }) => number) =>
  new Gauge({
    name,
    help,
    registers: [registry],
    async collect() {
      const d = await sources?.embeddedDisk().catch(() => null);
      this.reset();
      if (d) this.set(value(d));
    },
  });
disk('mutua_embedded_database_bytes', 'Size of the embedded database (PGlite data directory)', (d) => d.usedBytes);
disk('mutua_embedded_database_disk_free_bytes', 'Free space on the disk holding the embedded database', (d) => d.freeBytes);
disk('mutua_embedded_database_disk_size_bytes', 'Size of the disk holding the embedded database', (d) => d.totalBytes);
