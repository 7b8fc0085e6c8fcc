import type { AdvisorOrigin, TAdvisorConversation } from '@mutua/contracts';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './members';
import { requests } from './requests';
import { tenants } from './tenants';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A member's request for a person (message or callback): where she asked from, the assistant's conversation, the slot. */
export const advisorContacts = pgTable(
  'advisor_contacts',
  {
    requestId: uuid('request_id')
      .primaryKey()
      .references(() => requests.id, { onDelete: 'cascade' }),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    channel: text('channel').$type<'message' | 'callback'>().notNull(),
    origin: text('origin').$type<AdvisorOrigin>().notNull(),
    conversation: jsonb('conversation').$type<TAdvisorConversation>().notNull().default([]),
    callbackAt: ts('callback_at'),
    phone: text('phone'),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [
    index('advisor_contacts_slot_idx')
      .on(t.tenantId, t.callbackAt)
      .where(sql`channel = 'callback'`),
    index('advisor_contacts_member_idx').on(t.memberId),
  ],
);
