import { boolean, date, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { beneficiaries, members } from './members';
import { tenants } from './tenants';

/** The insurer's announcement (migration 0102). */
export const tenantAnnouncements = pgTable('tenant_announcements', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  message: text('message').notNull(),
  displayed: boolean('displayed').notNull().default(true),
  startsAt: timestamp('starts_at', { withTimezone: true }),
  endsAt: timestamp('ends_at', { withTimezone: true }),
});

/** An alert to a member, or to every member of the tenant when memberId is null. */
export const memberAlerts = pgTable(
  'member_alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id').references(() => members.id, { onDelete: 'cascade' }),
    level: text('level').$type<'info' | 'warning' | 'critical'>().notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    linkPath: text('link_path'),
    linkLabel: text('link_label'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
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
