import { index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { memberRef } from './members';
import { tenantRef } from './tenants';
import { ts, uuidPk } from './columns';

export const VERIFICATION_PURPOSES = ['SIGN_IN', 'CONTACT_CHANGE', 'SIGNATURE'] as const;
export type VerificationPurpose = (typeof VERIFICATION_PURPOSES)[number];
export type VerificationChannel = 'EMAIL' | 'SMS';

/** A one-time code sent for a purpose to a destination; the code is kept as an HMAC only. */
export const verificationChallenges = pgTable(
  'verification_challenges',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    memberId: memberRef(),
    purpose: text('purpose').$type<VerificationPurpose>().notNull(),
    channel: text('channel').$type<VerificationChannel>().notNull(),
    destination: text('destination').notNull(),
    /** Who may answer it: `attempt:<sha256>` (sign-in) or `session:<session id>`. */
    binding: text('binding').notNull(),
    /** Wrong codes count per key across challenges (e.g. `SIGN_IN:<account id>`). */
    counterKey: text('counter_key').notNull(),
    codeHash: text('code_hash'),
    codeExpiresAt: ts('code_expires_at'),
    codeSentAt: ts('code_sent_at'),
    resendAvailableAt: ts('resend_available_at'),
    verifiedAt: ts('verified_at'),
    expiresAt: ts('expires_at').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('verification_challenges_binding_idx').on(t.binding, t.purpose)],
);
export type VerificationChallenge = typeof verificationChallenges.$inferSelect;

/** Consecutive wrong codes per key; the max-th blocks the key until blocked_until. */
export const verificationCounters = pgTable('verification_counters', {
  key: text('key').primaryKey(),
  failures: integer('failures').notNull().default(0),
  blockedUntil: ts('blocked_until'),
  updatedAt: ts('updated_at').notNull(),
});
