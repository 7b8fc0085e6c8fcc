import { boolean, index, pgTable, uuid } from 'drizzle-orm/pg-core';
import { tenantRef } from '../../db/schema';
import { ts, uuidPk } from '../../db/schema/columns';

/** One cookie-consent choice of a visitor (migration 0101); the latest of a visitor is the current one. */
export const cookieConsents = pgTable(
  'cookie_consents',
  {
    id: uuidPk(),
    tenantId: tenantRef('cascade'),
    visitorId: uuid('visitor_id').notNull(),
    accountId: uuid('account_id'),
    analytics: boolean('analytics').notNull(),
    decidedAt: ts('decided_at').notNull(),
  },
  (t) => [index('cookie_consents_visitor_idx').on(t.tenantId, t.visitorId, t.decidedAt.desc())],
);
