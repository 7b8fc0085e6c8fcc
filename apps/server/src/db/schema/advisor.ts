import type { AdvisorOrigin, TAdvisorConversation } from '@mutua/contracts/advisor';
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { memberRef } from './members';
import { requestKey } from './requests';
import { tenantRef } from './tenants';
import { ts } from './columns';

/** A member's request for a person (message or callback): where she asked from, the assistant's conversation, the slot. */
export const advisorContacts = pgTable(
  'advisor_contacts',
  {
    requestId: requestKey(),
    tenantId: tenantRef('cascade'),
    memberId: memberRef(),
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
