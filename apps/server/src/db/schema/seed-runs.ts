import { pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Demo-data steps already loaded, so each loads once per database. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: ts('applied_at').notNull().defaultNow(),
});
