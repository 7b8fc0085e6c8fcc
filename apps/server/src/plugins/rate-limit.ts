import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Clock } from '../lib/clock';
import type { Counters } from '../core/counters';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** A @fastify/rate-limit store on the rate_limit_counters table: every instance shares the counts. */
function postgresStore(counters: Counters, clock: Clock) {
  return class PostgresRateLimitStore {
    private readonly prefix: string;
    /** The plugin passes its options here; child() passes the route's key prefix. */
    constructor(prefix?: unknown) {
      this.prefix = typeof prefix === 'string' ? prefix : 'rl:';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      counters
        .hit(`${this.prefix}${key}`, { windowMs: timeWindow, max: Number.POSITIVE_INFINITY, blockMs: 0 })
        .then((state) => callback(null, { current: state.hits, ttl: Math.max(0, state.windowStartedAt.getTime() + timeWindow - clock.now().getTime()) }))
        .catch((error: Error) => callback(error));
    }

    /** One store per route: the plugin passes the merged route params, the route itself in routeInfo. */
    child(params: object) {
      const route = (params as { routeInfo?: { method?: string | string[]; url?: string } }).routeInfo;
      return new PostgresRateLimitStore(`rl:${String(route?.method)}:${route?.url ?? ''}:`);
    }
  };
}

/**
 * Per-route request limits (`config: { rateLimit: { max, timeWindow } }`), counted per client IP in
 * PostgreSQL. Not global: routes opt in. Exceeding answers 429 RATE_LIMITED.
 */
export const rateLimitPlugin = fp(async (app: FastifyInstance, opts: { counters: Counters; clock: Clock }) => {
  await app.register(rateLimit, { global: false, store: postgresStore(opts.counters, opts.clock) });
});
