import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Demo-data steps already loaded, so each loads once per database. */
export const seedRuns = pgTable('seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: timestamp('applied_at', { withTimezone: true }).notNull().defaultNow(),
});
