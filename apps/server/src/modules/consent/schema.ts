import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { tenants } from '../../db/schema';

/** One cookie-consent choice of a visitor (migration 0101); the latest of a visitor is the current one. */
export const cookieConsents = pgTable(
  'cookie_consents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    visitorId: uuid('visitor_id').notNull(),
    accountId: uuid('account_id'),
    analytics: boolean('analytics').notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('cookie_consents_visitor_idx').on(t.tenantId, t.visitorId, t.decidedAt.desc())],
);
