import type { LoginType } from '@mutua/contracts/auth';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { members, memberRef } from './members';
import { tenantRef } from './tenants';
import { verificationChallenges } from './verification';
import { ts, uuidPk } from './columns';

export const ACCOUNT_STATUSES = ['ACTIVE', 'NOT_ACTIVATED', 'BLOCKED'] as const;
/** BLOCKED: by staff (the demo's blocked account), until unblocked; temporary locks use blocked_until. */
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** A member's sign-in account (one per member). */
export const accounts = pgTable(
  'accounts',
  {
    id: uuidPk(),
    memberId: uuid('member_id')
      .notNull()
      .unique()
      .references(() => members.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
    loginType: text('login_type').$type<LoginType>().notNull(),
    /** EMAIL, MEMBERSHIP_NUMBER or NIR (the main insured's, tenant toggle NIR_LOGIN; migration 0072). */
    /** Lower-cased login e-mail (login type EMAIL); the membership number always works too. */
    loginEmail: text('login_email'),
    /** argon2id, m=19456 t=2 p=1. */
    passwordHash: text('password_hash').notNull(),
    status: text('status').$type<AccountStatus>().notNull(),
    consecutiveFailures: integer('consecutive_failures').notNull().default(0),
    /** Temporary lock after PASSWORD_MAX_FAILURES wrong passwords. */
    blockedUntil: ts('blocked_until'),
    /** Code step blocked after MFA_MAX_ATTEMPTS wrong codes. */
    mfaBlockedUntil: ts('mfa_blocked_until'),
    passwordChangedAt: ts('password_changed_at').notNull(),
    mustRenewPassword: boolean('must_renew_password').notNull().default(false),
    firstConnection: boolean('first_connection').notNull().default(true),
    finishedTutorial: boolean('finished_tutorial').notNull().default(false),
    /** The member flagged our mails as spam: no code is sent until they confirm it is cleared. */
    spamBlocked: boolean('spam_blocked').notNull().default(false),
    /** Start of the current (latest) session and of the one before it. */
    lastConnectionAt: ts('last_connection_at'),
    previousConnectionAt: ts('previous_connection_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('accounts_tenant_login_email_uq').on(t.tenantId, t.loginEmail)],
);
export type Account = typeof accounts.$inferSelect;

/** Password step passed, code step pending: one row per login, identified by the hashed sessionId. */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: uuidPk(),
    tokenHash: text('token_hash').notNull().unique(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    memberId: memberRef(),
    tenantId: tenantRef(),
    /** The member's contact addresses at login time; the code goes to one of them. */
    candidateEmails: text('candidate_emails').array().notNull(),
    chosenEmail: text('chosen_email'),
    /** The current code of the attempt (verification module); wrong codes count per account there. */
    challengeId: uuid('challenge_id').references(() => verificationChallenges.id, { onDelete: 'set null' }),
    usedAt: ts('used_at'),
    expiresAt: ts('expires_at').notNull(),
    ip: text('ip'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('login_attempts_account_idx').on(t.accountId)],
);
export type LoginAttempt = typeof loginAttempts.$inferSelect;

/** Signed-in sessions; the id is the SHA-256 of the cookie value, never the value itself. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    accountId: uuid('account_id')
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    memberId: memberRef(),
    tenantId: tenantRef(),
    isBoAuthentication: boolean('is_bo_authentication').notNull().default(false),
    /** Opened from the back office (migration 0110): how, by whom, why, from which staff session. */
    boMode: text('bo_mode').$type<'READ_ONLY' | 'DEROGATION'>(),
    staffId: uuid('staff_id'),
    staffSessionId: text('staff_session_id'),
    boReason: text('bo_reason'),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    endedAt: ts('ended_at'),
    endReason: text('end_reason').$type<SessionEndReason>(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('sessions_member_idx').on(t.memberId, t.createdAt)],
);
export type SessionEndReason = 'LOGOUT' | 'IDLE' | 'ABSOLUTE' | 'REPLACED' | 'PASSWORD_RESET' | 'PASSWORD_CHANGED' | 'STAFF_SESSION_ENDED';
export type SessionRow = typeof sessions.$inferSelect;

export type OneTimeTokenKind = 'CREATE_ACCOUNT' | 'PASSWORD_RESET';
/** E-mailed single-use links; the id is the SHA-256 of the token in the link. */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: text('id').primaryKey(),
    kind: text('kind').$type<OneTimeTokenKind>().notNull(),
    memberId: memberRef(),
    tenantId: tenantRef(),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
  },
  (t) => [index('one_time_tokens_member_idx').on(t.memberId, t.kind)],
);
