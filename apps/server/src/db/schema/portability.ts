import { check, date, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { members } from './members';
import { requests } from './requests';
import { tenants } from './tenants';

/** A member's France Travail portability: the previous collective contract's first and last days (migration 0104). */
export const portabilityPeriods = pgTable(
  'portability_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id').notNull().references(() => tenants.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').notNull().references(() => members.id, { onDelete: 'cascade' }),
    collectiveStart: date('collective_start', { mode: 'string' }).notNull(),
    collectiveEnd: date('collective_end', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portability_periods_member_idx').on(t.memberId), check('portability_periods_check', sql`${t.collectiveEnd} >= ${t.collectiveStart}`)],
);

/** A France Travail proof received for a calendar month (YYYY-MM, Paris), with the request it became. */
export const portabilityProofs = pgTable(
  'portability_proofs',
  {
    portabilityId: uuid('portability_id').notNull().references(() => portabilityPeriods.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.portabilityId, t.month] })],
);
