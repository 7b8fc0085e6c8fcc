import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { staff, tenantRef } from '../../db/schema';
import { ts, uuidPk } from '../../db/schema/columns';

/** An accessibility problem reported from the statement (signed in or not); answered and closed in the back office. */
export const accessibilityReports = pgTable(
  'accessibility_reports',
  {
    id: uuidPk(),
    tenantId: tenantRef('cascade'),
    idempotencyKey: text('idempotency_key'),
    name: text('name').notNull().default(''),
    email: text('email').notNull(),
    page: text('page').notNull(),
    description: text('description').notNull(),
    receivedAt: ts('received_at').notNull(),
    answer: text('answer'),
    answeredAt: ts('answered_at'),
    answeredBy: uuid('answered_by').references(() => staff.id, { onDelete: 'set null' }),
    closedAt: ts('closed_at'),
    closedBy: uuid('closed_by').references(() => staff.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('accessibility_reports_tenant_idx').on(t.tenantId, t.receivedAt.desc()),
    uniqueIndex('accessibility_reports_key_uq').on(t.tenantId, t.idempotencyKey),
  ],
);
