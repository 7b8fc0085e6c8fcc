import { boolean, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { beneficiaries, members } from './members';
import { tenants, tenantRef } from './tenants';
import { ts, uuidPk } from './columns';

/** The insurer's announcement (migration 0102). */
export const tenantAnnouncements = pgTable('tenant_announcements', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  message: text('message').notNull(),
  displayed: boolean('displayed').notNull().default(true),
  startsAt: ts('starts_at'),
  endsAt: ts('ends_at'),
});

/** An alert to a member, or to every member of the tenant when memberId is null. */
export const memberAlerts = pgTable(
  'member_alerts',
  {
    id: uuidPk(),
    tenantId: tenantRef('cascade'),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    level: text('level').$type<'info' | 'warning' | 'critical'>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    linkPath: text('link_path'),
    linkLabel: text('link_label'),
    startsAt: ts('starts_at').notNull().defaultNow(),
    endsAt: ts('ends_at'),
  },
  (t) => [index('member_alerts_member_idx').on(t.tenantId, t.memberId)],
);

/** The current Noémie link state of a beneficiary. */
export const noemieStates = pgTable('noemie_states', {
  beneficiaryId: uuid('beneficiary_id')
    .primaryKey()
    .references(() => beneficiaries.id, { onDelete: 'cascade' }),
  state: text('state').$type<'REQUESTED' | 'CONNECTED' | 'REJECTED' | 'DISCONNECTED'>().notNull(),
  reason: text('reason'),
  since: date('since').notNull(),
});
