import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, primaryKey, smallint, text, uuid, boolean } from 'drizzle-orm/pg-core';
import { members, memberRef } from './members';
import { requestKey, requestRef } from './requests';
import { tenantRef } from './tenants';
import { ts, uuidPk } from './columns';

export const STAFF_ROLES = ['agent', 'manager', 'derogator', 'administrator'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** A management-centre staff member: password (argon2id) + TOTP. */
export const staff = pgTable('staff', {
  id: uuidPk(),
  email: text('email').notNull().unique(),
  displayName: text('display_name').notNull(),
  role: text('role').$type<StaffRole>().notNull(),
  passwordHash: text('password_hash').notNull(),
  totpSecret: text('totp_secret'),
  totpConfirmedAt: ts('totp_confirmed_at'),
  /** The last TOTP time step accepted (migration 0115): a code is refused once used. */
  totpLastStep: bigint('totp_last_step', { mode: 'number' }),
  recoveryCodeHashes: text('recovery_code_hashes').array().notNull().default([]),
  memberId: uuid('member_id').references(() => members.id, { onDelete: 'set null' }),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  blockedUntil: ts('blocked_until'),
  active: boolean('active').notNull().default(true),
  createdAt: ts('created_at').notNull().defaultNow(),
});
export type StaffRow = typeof staff.$inferSelect;

export const staffTenants = pgTable(
  'staff_tenants',
  {
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    tenantId: tenantRef(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.tenantId] })],
);

export type StaffSessionStage = 'PASSWORD' | 'ACTIVE';
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id, { onDelete: 'cascade' }),
    stage: text('stage').$type<StaffSessionStage>().notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    createdAt: ts('created_at').notNull(),
    lastSeenAt: ts('last_seen_at').notNull(),
    endedAt: ts('ended_at'),
    endReason: text('end_reason'),
    ip: text('ip'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId, t.createdAt)],
);

export const CASE_FAMILIES = ['supporting_document', 'bill', 'document', 'quotation', 'message', 'claim'] as const;
export type CaseFamily = (typeof CASE_FAMILIES)[number];
export const caseSla = pgTable(
  'case_sla',
  {
    tenantId: tenantRef('cascade'),
    family: text('family').$type<CaseFamily>().notNull(),
    days: integer('days').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.family] })],
);

export type CaseState = 'OPEN' | 'CLOSED';
/** One case per member request (created by a trigger on requests). */
export const cases = pgTable(
  'cases',
  {
    requestId: requestKey(),
    tenantId: text('tenant_id').notNull(),
    memberId: memberRef(),
    typeCode: integer('type_code').notNull(),
    state: text('state').$type<CaseState>().notNull().default('OPEN'),
    assigneeId: uuid('assignee_id').references(() => staff.id, { onDelete: 'set null' }),
    priority: smallint('priority').notNull().default(2),
    dueAt: ts('due_at').notNull(),
    ackDueAt: ts('ack_due_at'),
    /** The earliest deadline still open (migration 0117): the queue's order and cursor. */
    nextDueAt: ts('next_due_at').generatedAlwaysAs(sql`LEAST(due_at, COALESCE(ack_due_at, due_at))`),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
  },
  (t) => [
    index('cases_tenant_queue_idx').on(t.tenantId, t.state, t.nextDueAt, t.requestId),
    index('cases_assignee_queue_idx').on(t.assigneeId, t.state, t.nextDueAt, t.requestId),
    index('cases_member_idx').on(t.memberId, t.state, t.nextDueAt, t.requestId),
  ],
);

export const caseNotes = pgTable(
  'case_notes',
  {
    id: uuidPk(),
    requestId: requestRef(),
    staffId: uuid('staff_id')
      .notNull()
      .references(() => staff.id),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('case_notes_request_idx').on(t.requestId, t.createdAt)],
);

export type BoMode = 'READ_ONLY' | 'DEROGATION';
export const handoffTokens = pgTable('handoff_tokens', {
  id: text('id').primaryKey(),
  staffId: uuid('staff_id')
    .notNull()
    .references(() => staff.id, { onDelete: 'cascade' }),
  staffSessionId: text('staff_session_id')
    .notNull()
    .references(() => staffSessions.id, { onDelete: 'cascade' }),
  memberId: memberRef(),
  tenantId: tenantRef(),
  mode: text('mode').$type<BoMode>().notNull(),
  reason: text('reason'),
  createdAt: ts('created_at').notNull(),
  expiresAt: ts('expires_at').notNull(),
  usedAt: ts('used_at'),
});
