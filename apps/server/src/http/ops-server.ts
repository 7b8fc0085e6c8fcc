import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { registry } from '../lib/metrics';

/** Where an instance is in its life: only `serving` can be ready. */
export type Phase = 'starting' | 'migrating' | 'serving' | 'stopping';

export type ReadinessReport = {
  ready: boolean;
  phase: Phase;
  database: 'up' | 'down' | 'unknown';
  jobQueue: 'running' | 'stopped' | 'unknown';
};

/** A ping slower than this reads as « unreachable »: a load balancer polls every few seconds. */
const PING_TIMEOUT_MS = 1_000;

/**
 * Whether this instance should get traffic: started (not migrating, not stopping), its database
 * answering, its job queue running (else the mail it accepts would wait unsent). main.ts moves the
 * phase; app.ts attaches the database and the queue once it has them.
 */
export class Readiness {
  private current: Phase = 'starting';
  private parts: { ping(): Promise<void>; jobsRunning(): boolean } | null = null;

  get phase(): Phase {
    return this.current;
  }

  set(phase: Phase): void {
    this.current = phase;
  }

  /** The running app's database ping and job queue; returns the detach for its close. */
  attach(parts: { ping(): Promise<void>; jobsRunning(): boolean }): () => void {
    this.parts = parts;
    return () => {
      if (this.parts === parts) this.parts = null;
    };
  }

  async report(): Promise<ReadinessReport> {
    const parts = this.parts;
    if (!parts) return { ready: false, phase: this.current, database: 'unknown', jobQueue: 'unknown' };
    const jobQueue = parts.jobsRunning() ? 'running' : 'stopped';
    const database = (await answersWithin(parts.ping(), PING_TIMEOUT_MS)) ? 'up' : 'down';
    return { ready: this.current === 'serving' && database === 'up' && jobQueue === 'running', phase: this.current, database, jobQueue };
  }
}

async function answersWithin(ping: Promise<void>, ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([ping.then(() => true as const), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export type OpsServer = { port: number; close(): Promise<void> };

/**
 * The operations port (METRICS_PORT, loopback unless METRICS_HOST says otherwise): `/metrics` for
 * Prometheus, `/healthz` (liveness: the process answers) and `/readyz` (readiness, above) for a load
 * balancer or an orchestrator. A plain node:http server apart from the app: it answers from the first
 * second of the process — while the database migrates — and nothing of the member or staff hosts
 * reaches it.
 */
export async function startOpsServer(opts: { host: string; port: number; readiness: Readiness }): Promise<OpsServer> {
  const server: Server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const send = (status: number, type: string, body: string) => {
      response.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
      response.end(request.method === 'HEAD' ? undefined : body);
    };
    if (request.method !== 'GET' && request.method !== 'HEAD') return send(405, 'text/plain; charset=utf-8', 'method not allowed\n');
    if (path === '/healthz') return send(200, 'application/json', JSON.stringify({ status: 'alive' }));
    if (path === '/readyz') {
      void opts.readiness.report().then(
        (report) => send(report.ready ? 200 : 503, 'application/json', JSON.stringify(report)),
        () => send(503, 'application/json', JSON.stringify({ ready: false })),
      );
      return;
    }
    if (path === '/metrics') {
      void registry.metrics().then(
        (text) => send(200, registry.contentType, text),
        () => send(500, 'text/plain; charset=utf-8', 'metrics unavailable\n'),
      );
      return;
    }
    send(404, 'text/plain; charset=utf-8', 'not found\n');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port, opts.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // A scraper's kept-alive connection would hold the close until it times out.
        server.closeIdleConnections();
      }),
  };
}
