import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { beneficiaries, members, requests, tenants } from '../../db/schema';

/** A notification: the insurer waits for an upload of a type (migration 0103; upload type 1: schooling). */
export const memberNotifications = pgTable(
  'member_notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    uploadType: integer('upload_type').notNull(),
    campaignYear: integer('campaign_year').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('member_notifications_member_idx').on(t.memberId)],
);

/** A child's answer to a schooling campaign. */
export const schoolingAnswers = pgTable(
  'schooling_answers',
  {
    notificationId: uuid('notification_id')
      .notNull()
      .references(() => memberNotifications.id, { onDelete: 'cascade' }),
    beneficiaryId: uuid('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id, { onDelete: 'cascade' }),
    choice: text('choice').$type<'UPLOAD' | 'LATER' | 'NOT_SCHOOLED'>().notNull(),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.beneficiaryId] })],
);

/** A step of the tenant's first-connection tutorial. */
export const tutorialSteps = pgTable(
  'tutorial_steps',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.position] })],
);

/** A member's answer to the exit survey before the old insured space. */
export const exitSurveyAnswers = pgTable(
  'exit_survey_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    reason: text('reason').$type<'HABIT' | 'MISSING' | 'SLOW' | 'HARD' | 'OTHER'>().notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('exit_survey_answers_tenant_idx').on(t.tenantId, t.createdAt)],
);

/** A member's France Travail portability: the previous collective contract's first and last days (migration 0104). */
export const portabilityPeriods = pgTable(
  'portability_periods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    collectiveStart: date('collective_start', { mode: 'string' }).notNull(),
    collectiveEnd: date('collective_end', { mode: 'string' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('portability_periods_member_idx').on(t.memberId), check('portability_periods_check', sql`${t.collectiveEnd} >= ${t.collectiveStart}`)],
);

/** A France Travail proof received for a calendar month (YYYY-MM, Paris), with the request it became. */
export const portabilityProofs = pgTable(
  'portability_proofs',
  {
    portabilityId: uuid('portability_id')
      .notNull()
      .references(() => portabilityPeriods.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.portabilityId, t.month] })],
);
