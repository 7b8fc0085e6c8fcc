import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { members } from './members';
import { tenants } from './tenants';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A code a member reads to a phone adviser (help page), kept as an HMAC; valid 30 minutes. */
export const adviserCodes = pgTable(
  'adviser_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('adviser_codes_lookup_idx').on(t.tenantId, t.codeHash, t.expiresAt)],
);
