import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { members } from './members';
import { ts, uuidPk } from './columns';

/** Sensitive events (sign-in first); details never carry a password, code, session id or token. */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuidPk(),
    at: ts('at').notNull(),
    tenantId: text('tenant_id'),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
    kind: text('kind').notNull(),
    ip: text('ip'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('audit_events_member_idx').on(t.memberId, t.at), index('audit_events_kind_idx').on(t.kind, t.at)],
);
export type AuditEventRow = typeof auditEvents.$inferSelect;
