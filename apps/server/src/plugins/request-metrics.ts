import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { metrics } from '../lib/metrics';

/** The ops paths: served on the metrics port only (http/ops-server.ts). */
const OPS_PATHS = ['/metrics', '/healthz', '/readyz'];

/**
 * Counts every answer and its time by route pattern and status (lib/metrics.ts). Requests no route
 * matched are one label each: the SPA's pages (`page`), anything else (`unmatched`) — a URL is never a
 * label (unbounded, and it may hold a token).
 *
 * The ops paths answer 404 here: metrics and probes never leave through the member or staff hosts, and a
 * load balancer pointed at the wrong port must not read the SPA's page as « ready ».
 */
export const requestMetricsPlugin = fp(async (app: FastifyInstance) => {
  for (const url of OPS_PATHS) {
    app.get(url, { config: { access: 'public' } }, async (_request, reply) =>
      reply
        .code(404)
        .header('cache-control', 'no-store')
        .send({ error: { code: 'NOT_FOUND', message: 'Élément introuvable.' } }),
    );
  }
  app.addHook('onResponse', async (request, reply) => {
    const labels = { route: routeOf(request), method: request.method, status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
  });
});

function routeOf(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern) return pattern;
  return request.method === 'GET' && !request.url.startsWith('/api/') ? 'page' : 'unmatched';
}
