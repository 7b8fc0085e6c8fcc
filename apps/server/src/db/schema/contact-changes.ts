import { index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { memberRef } from './members';
import { tenantRef } from './tenants';
import { verificationChallenges } from './verification';
import { ts, uuidPk } from './columns';

export type ContactChangeKind = 'EMAIL' | 'MOBILE';

/** A pending or done change of the e-mail address or mobile number that receives codes. */
export const contactChanges = pgTable(
  'contact_changes',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    memberId: memberRef(),
    kind: text('kind').$type<ContactChangeKind>().notNull(),
    oldValue: text('old_value'),
    newValue: text('new_value').notNull(),
    /** E-mail: SHA-256 of the mailed link's token. */
    tokenHash: text('token_hash').unique(),
    /** Mobile: the SMS code's challenge. */
    challengeId: uuid('challenge_id').references(() => verificationChallenges.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    confirmedAt: ts('confirmed_at'),
    cancelledAt: ts('cancelled_at'),
  },
  (t) => [index('contact_changes_member_idx').on(t.memberId, t.kind)],
);
export type ContactChange = typeof contactChanges.$inferSelect;
