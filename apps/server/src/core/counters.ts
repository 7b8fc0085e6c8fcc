import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { rateLimitCounters } from '../db/schema';
import type { Clock } from '../lib/clock';

/** Fixed window of windowMs; reaching max hits blocks the key for blockMs (0: count only). */
export type CounterRule = { windowMs: number; max: number; blockMs: number };

export type CounterState = { hits: number; windowStartedAt: Date; blockedUntil: Date | null };

const iso = (d: Date) => sql`${d.toISOString()}::timestamptz`;

/**
 * Counters kept in PostgreSQL (rate_limit_counters), so that every instance behind the load balancer
 * counts the same failures. Each hit is one atomic upsert: concurrent hits cannot be lost.
 */
export class Counters {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  /** The end of the key's block, when it is blocked now. */
  async blockedUntil(key: string): Promise<Date | null> {
    const [row] = await this.db.select({ blockedUntil: rateLimitCounters.blockedUntil }).from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
    const until = row?.blockedUntil ?? null;
    return until && until > this.clock.now() ? until : null;
  }

  async hit(key: string, rule: CounterRule): Promise<CounterState> {
    const now = this.clock.now();
    const windowStart = new Date(now.getTime() - rule.windowMs);
    const blockEnd = new Date(now.getTime() + rule.blockMs);
    const c = rateLimitCounters;
    const expired = sql`${c.windowStartedAt} <= ${iso(windowStart)}`;
    const nextHits = sql`CASE WHEN ${expired} THEN 1 ELSE ${c.hits} + 1 END`;
    const max = Number.isFinite(rule.max) ? rule.max : 2_147_483_647;
    const blocks = rule.blockMs > 0;
    const [row] = await this.db
      .insert(c)
      .values({ key, hits: 1, windowStartedAt: now, blockedUntil: blocks && max <= 1 ? blockEnd : null })
      .onConflictDoUpdate({
        target: c.key,
        set: {
          hits: nextHits,
          windowStartedAt: sql`CASE WHEN ${expired} THEN ${iso(now)} ELSE ${c.windowStartedAt} END`,
          blockedUntil: blocks
            ? sql`CASE WHEN ${nextHits} >= ${max} THEN GREATEST(${c.blockedUntil}, ${iso(blockEnd)}) ELSE ${c.blockedUntil} END`
            : sql`${c.blockedUntil}`,
        },
      })
      .returning({ hits: c.hits, windowStartedAt: c.windowStartedAt, blockedUntil: c.blockedUntil });
    return row!;
  }

  /** Drops counters whose window and block are long over, so the table stays the size of current activity. */
  async purgeStale(olderThanMs = 24 * 3_600_000): Promise<number> {
    const before = iso(new Date(this.clock.now().getTime() - olderThanMs));
    const c = rateLimitCounters;
    const deleted = await this.db
      .delete(c)
      .where(sql`${c.windowStartedAt} < ${before} AND (${c.blockedUntil} IS NULL OR ${c.blockedUntil} < ${before})`)
      .returning({ key: c.key });
    return deleted.length;
  }

  async reset(key: string): Promise<void> {
    await this.db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
  }
}
