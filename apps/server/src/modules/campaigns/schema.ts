import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { requests, tenantRef, memberRef, beneficiaryRef } from '../../db/schema';
import { ts, uuidPk } from '../../db/schema/columns';

/** A notification: the insurer waits for an upload of a type (migration 0103; upload type 1: schooling). */
export const memberNotifications = pgTable(
  'member_notifications',
  {
    id: uuidPk(),
    tenantId: tenantRef('cascade'),
    memberId: memberRef(),
    uploadType: integer('upload_type').notNull(),
    campaignYear: integer('campaign_year').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    closedAt: ts('closed_at'),
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
    beneficiaryId: beneficiaryRef(),
    choice: text('choice').$type<'UPLOAD' | 'LATER' | 'NOT_SCHOOLED'>().notNull(),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    answeredAt: ts('answered_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.notificationId, t.beneficiaryId] })],
);

/** A step of the tenant's first-connection tutorial. */
export const tutorialSteps = pgTable(
  'tutorial_steps',
  {
    tenantId: tenantRef('cascade'),
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
    id: uuidPk(),
    tenantId: tenantRef('cascade'),
    memberId: memberRef(),
    reason: text('reason').$type<'HABIT' | 'MISSING' | 'SLOW' | 'HARD' | 'OTHER'>().notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [index('exit_survey_answers_tenant_idx').on(t.tenantId, t.createdAt)],
);

/** A member's France Travail portability: the previous collective contract's first and last days (migration 0104). */
export const portabilityPeriods = pgTable(
  'portability_periods',
  {
    id: uuidPk(),
    tenantId: tenantRef('cascade'),
    memberId: memberRef(),
    collectiveStart: date('collective_start', { mode: 'string' }).notNull(),
    collectiveEnd: date('collective_end', { mode: 'string' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
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
    sentAt: ts('sent_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.portabilityId, t.month] })],
);
