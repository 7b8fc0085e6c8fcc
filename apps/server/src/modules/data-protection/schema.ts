import { index, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';

/** Every run of the retention job (modules/data-protection): when, and how many rows each rule removed. */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
    removed: jsonb('removed').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [index('retention_runs_finished_idx').on(t.finishedAt)],
);
