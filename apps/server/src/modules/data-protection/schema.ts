import { index, jsonb, pgTable } from 'drizzle-orm/pg-core';
import { ts, uuidPk } from '../../db/schema/columns';

/** Every run of the retention job (modules/data-protection): when, and how many rows each rule removed. */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: uuidPk(),
    startedAt: ts('started_at').notNull(),
    finishedAt: ts('finished_at'),
    removed: jsonb('removed').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [index('retention_runs_finished_idx').on(t.finishedAt)],
);
