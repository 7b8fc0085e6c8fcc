import type { CareAct, Guarantee, Heading, LimitUnit, SourceStatus, TariffParameter } from '@mutua/contracts/guarantees';
import { boolean, date, integer, jsonb, pgTable, primaryKey, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { memberRef } from './members';
import { refunds } from './refunds';
import { tenantRef } from './tenants';
import { ts, uuidPk } from './columns';

/* The guarantees engine's data (migration 0160). */

/** A product's structured guarantees in force from validFrom, per tenant. */
export const guaranteeProductVersions = pgTable(
  'guarantee_product_versions',
  {
    tenantId: tenantRef('cascade'),
    code: text('code').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    label: text('label').notNull(),
    responsable: boolean('responsable').notNull(),
    guarantees: jsonb('guarantees').$type<Guarantee[]>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.code, t.validFrom] })],
);

/** Which product a person of a member's contract holds from validFrom (validTo null: ongoing). */
export const beneficiaryProducts = pgTable(
  'beneficiary_products',
  {
    memberId: memberRef(),
    familyPosition: integer('family_position').notNull(),
    productCode: text('product_code').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    validTo: date('valid_to', { mode: 'string' }),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.familyPosition, t.validFrom] })],
);

export const tariffParameters = pgTable(
  'tariff_parameters',
  {
    key: text('key').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    value: integer('value').notNull(),
    unit: text('unit').$type<TariffParameter['unit']>().notNull(),
    label: text('label').notNull(),
    status: text('status').$type<SourceStatus>().notNull(),
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.validFrom] })],
);

export const careActs = pgTable(
  'care_acts',
  {
    code: text('code').notNull(),
    validFrom: date('valid_from', { mode: 'string' }).notNull(),
    label: text('label').notNull(),
    heading: text('heading').$type<Heading>().notNull(),
    family: text('family').notNull(),
    act: jsonb('act').$type<CareAct>().notNull(),
    status: text('status').$type<SourceStatus>().notNull(),
    source: text('source').notNull(),
  },
  (t) => [primaryKey({ columns: [t.code, t.validFrom] })],
);

/** Search words of the care acts (C collation: `LIKE 'prefix%'` from the index). */
export const careActWords = pgTable(
  'care_act_words',
  {
    word: text('word').notNull(),
    code: text('code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.word, t.code] })],
);

/** What is used of a limit in one period, per person (familyPosition) or family (0). */
export const allowanceCounters = pgTable(
  'allowance_counters',
  {
    id: uuidPk(),
    memberId: memberRef(),
    familyPosition: integer('family_position').notNull(),
    guaranteeCode: text('guarantee_code').notNull(),
    limitIndex: smallint('limit_index').notNull(),
    unit: text('unit').$type<LimitUnit>().notNull(),
    periodStart: date('period_start', { mode: 'string' }).notNull(),
    periodEnd: date('period_end', { mode: 'string' }).notNull(),
    used: integer('used').notNull().default(0),
    max: integer('max').notNull(),
  },
  (t) => [
    uniqueIndex('allowance_counters_member_family_position_guarantee_code_limit_index_period_start_key').on(
      t.memberId,
      t.familyPosition,
      t.guaranteeCode,
      t.limitIndex,
      t.periodStart,
    ),
  ],
);
export type AllowanceCounter = typeof allowanceCounters.$inferSelect;

/** What a published refund took from a counter, given back if the refund is cancelled. */
export const allowanceUses = pgTable(
  'allowance_uses',
  {
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    counterId: uuid('counter_id')
      .notNull()
      .references(() => allowanceCounters.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
  },
  (t) => [primaryKey({ columns: [t.refundId, t.counterId] })],
);

/** A refund cancelled by the management centre, as it was. */
export const refundCancellations = pgTable('refund_cancellations', {
  refundId: uuid('refund_id').primaryKey(),
  memberId: memberRef(),
  reference: text('reference').notNull(),
  reason: text('reason').notNull(),
  cancelledBy: uuid('cancelled_by').notNull(),
  cancelledAt: ts('cancelled_at').notNull(),
  snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
});
