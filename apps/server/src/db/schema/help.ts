import { index, pgTable, text } from 'drizzle-orm/pg-core';
import { memberRef } from './members';
import { tenantRef } from './tenants';
import { ts, uuidPk } from './columns';

/** A code a member reads to a phone adviser (help page), kept as an HMAC; valid 30 minutes. */
export const adviserCodes = pgTable(
  'adviser_codes',
  {
    id: uuidPk(),
    tenantId: tenantRef('cascade'),
    memberId: memberRef(),
    codeHash: text('code_hash').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('adviser_codes_lookup_idx').on(t.tenantId, t.codeHash, t.expiresAt)],
);
