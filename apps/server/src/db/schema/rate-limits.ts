import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Fixed-window counters in the database, so that every instance sees the same counts. */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  windowStartedAt: ts('window_started_at').notNull(),
  blockedUntil: ts('blocked_until'),
});
