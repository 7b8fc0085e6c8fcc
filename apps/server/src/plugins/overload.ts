import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { metrics } from '../lib/metrics';
import { overloadAnswer, type OverloadGauge } from '../lib/overload';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `serve`: answered even when the instance sheds (answered from memory, and the SPA's start-up depends on it). */
    overload?: 'serve';
  }
}

export type OverloadPluginOptions = {
  gauge: OverloadGauge;
  /** Seconds the client is told to wait before trying again (Retry-After). */
  retryAfterS: number;
};

/**
 * Sheds API requests while the instance is overloaded (lib/overload.ts): 503 OVERLOADED with
 * Retry-After, first of every hook — before the tenant, the session or the body are read — so a shed
 * request costs a few microseconds and no connection. The SPA tries an idempotent read again once
 * after the delay (apps/web/src/lib/api-client.ts). Pages and assets are never shed: the page goes
 * without its carried answers (http/app-page.ts) and the SPA asks for them.
 */
export const overloadPlugin = fp(async (app: FastifyInstance, opts: OverloadPluginOptions) => {
  const answer = overloadAnswer(opts.retryAfterS);
  let shed = 0;
  let lastLog = 0;
  app.addHook('onClose', async () => opts.gauge.close());
  app.addHook('onRequest', async (request: FastifyRequest, reply) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.overload === 'serve') return;
    const reason = opts.gauge.reason();
    if (!reason) return;
    metrics.shed.inc({ reason });
    shed++;
    // One line a second at most: a log line per shed request would add to the overload.
    const now = Date.now();
    if (now - lastLog >= 1_000) {
      request.log.warn({ reason, shed, eventLoopDelayMs: Math.round(opts.gauge.eventLoopDelayMs) }, 'overloaded: shedding API requests with 503');
      lastLog = now;
      shed = 0;
    }
    return reply.code(503).headers(answer.headers).send(answer.body);
  });
});
