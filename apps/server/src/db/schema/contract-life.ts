import { date, index, integer, pgTable, primaryKey, smallint, text, time, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { memberRef } from './members';
import { requests, requestRef } from './requests';
import { tenants, tenantRef } from './tenants';
import { ts, uuidPk } from './columns';

/** Per tenant and product: annual due date (MM-DD) and the reason online termination is disabled, if it is. */
export const contractProducts = pgTable(
  'contract_products',
  {
    tenantId: tenantRef('cascade'),
    productNumber: text('product_number').notNull(),
    dueMonthDay: text('due_month_day').notNull().default('01-01'),
    terminationDisabledReason: text('termination_disabled_reason'),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.productNumber] })],
);

/** Options of a contract: collective or individual (paid, terminable). */
export const contractOptions = pgTable(
  'contract_options',
  {
    id: uuidPk(),
    memberId: memberRef(),
    insurerContract: text('insurer_contract').notNull(),
    code: text('code').notNull(),
    label: text('label').notNull(),
    kind: text('kind', { enum: ['COLLECTIVE_OPTION', 'INDIVIDUAL_OPTION'] }).notNull(),
    monthlyCents: integer('monthly_cents').notNull(),
    startDate: date('start_date', { mode: 'string' }).notNull(),
    endDate: date('end_date', { mode: 'string' }),
  },
  (t) => [uniqueIndex('contract_options_member_code_uq').on(t.memberId, t.insurerContract, t.code)],
);

/** A termination: a draft, then the confirmed request with the time received. */
export const terminations = pgTable(
  'terminations',
  {
    id: uuidPk(),
    memberId: memberRef(),
    status: text('status', { enum: ['DRAFT', 'CONFIRMED'] }).notNull(),
    kind: text('kind', { enum: ['PAID_OPTIONS', 'INDIVIDUAL_CONTRACT'] }).notNull(),
    surName: text('sur_name').notNull(),
    firstName: text('first_name').notNull(),
    email: text('email').notNull(),
    insurerContract: text('insurer_contract').notNull(),
    optionCodes: text('option_codes').array().notNull().default([]),
    familyPositions: integer('family_positions').array().notNull(),
    reason: text('reason').notNull(),
    reasonText: text('reason_text').notNull().default(''),
    date: date('date', { mode: 'string' }),
    effectiveDate: date('effective_date', { mode: 'string' }).notNull(),
    lastCoveredDate: date('last_covered_date', { mode: 'string' }).notNull(),
    basis: text('basis').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    receivedAt: ts('received_at'),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
  },
  (t) => [index('terminations_member_idx').on(t.memberId, t.createdAt)],
);

/** A complaint with its two deadlines (jours ouvrables and 2 months). */
export const complaints = pgTable(
  'complaints',
  {
    id: uuidPk(),
    memberId: memberRef(),
    requestId: requestRef(),
    subject: text('subject').notNull(),
    theme: text('theme').notNull(),
    comment: text('comment').notNull(),
    receivedAt: ts('received_at').notNull(),
    acknowledgeBy: date('acknowledge_by', { mode: 'string' }).notNull(),
    answerBy: date('answer_by', { mode: 'string' }).notNull(),
  },
  (t) => [index('complaints_member_idx').on(t.memberId, t.receivedAt)],
);

/** The tenant's phone line, its hours (companySpecificities CALL_HOURS) and post address. */
export const tenantContactChannels = pgTable('tenant_contact_channels', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  phone: text('phone').notNull(),
  callHours: text('call_hours').notNull().default('Du lundi au vendredi de 8 h 30 à 18 h 00'),
  postAddress: text('post_address').array().notNull(),
  /** The relay service for deaf and hard-of-hearing callers (migration 0241); empty provider: none. */
  relayProvider: text('relay_provider').notNull().default(''),
  relayUrl: text('relay_url').notNull().default(''),
  relayPhone: text('relay_phone').notNull().default(''),
});

/** One direct debit of an individual contract's payment schedule (échéancier): date, amount, month of cover. */
export const paymentScheduleDebits = pgTable(
  'payment_schedule_debits',
  {
    id: uuidPk(),
    memberId: memberRef(),
    insurerContract: text('insurer_contract').notNull(),
    debitDate: date('debit_date', { mode: 'string' }).notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [uniqueIndex('payment_schedule_debits_uq').on(t.memberId, t.insurerContract, t.debitDate)],
);

/** The phone line's hours for one day of the week (1 Monday … 7 Sunday), Paris time; no row: closed. */
export const tenantCallHours = pgTable(
  'tenant_call_hours',
  {
    tenantId: tenantRef('cascade'),
    dayOfWeek: smallint('day_of_week').notNull(),
    opensAt: time('opens_at').notNull(),
    closesAt: time('closes_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.dayOfWeek] })],
);
