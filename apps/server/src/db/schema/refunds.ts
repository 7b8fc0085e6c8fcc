import type { TLineAllowance } from '@mutua/contracts/guarantees-api';
import type { OperationType, PaymentTarget, RefundBeneficiaryType } from '@mutua/contracts/refunds';
import type { CapApplied, ComputationStep } from '@mutua/contracts/guarantees';
import { date, integer, jsonb, pgTable, smallint, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { beneficiaries, memberRef } from './members';
import { ts, uuidPk } from './columns';

/**
 * A refund ("remboursement"), amounts in cents. The list's index, refunds_member_care_idx on
 * (member_id, care_date DESC, id DESC) INCLUDE (beneficiary_type, act_family), is declared in
 * migration 0022 only: drizzle cannot express INCLUDE.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuidPk(),
    memberId: memberRef(),
    beneficiaryId: uuid('beneficiary_id')
      .notNull()
      .references(() => beneficiaries.id),
    beneficiaryType: text('beneficiary_type').$type<RefundBeneficiaryType>().notNull(),
    /** Statement number. */
    reference: text('reference').notNull(),
    careDate: date('care_date', { mode: 'string' }).notNull(),
    paymentDate: date('payment_date', { mode: 'string' }).notNull(),
    actFamily: text('act_family').$type<OperationType>().notNull(),
    actWording: text('act_wording').notNull(),
    paymentTarget: text('payment_target').$type<PaymentTarget>().notNull(),
    thirdPartyName: text('third_party_name'),
    totalCostCents: integer('total_cost_cents').notNull(),
    socialSecurityCents: integer('social_security_cents').notNull(),
    otherMutualCents: integer('other_mutual_cents').notNull(),
    productCents: integer('product_cents').notNull(),
    remainingChargeCents: integer('remaining_charge_cents').notNull(),
    /** Percent. */
    socialSecurityRate: smallint('social_security_rate').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('refunds_member_reference_uq').on(t.memberId, t.reference)],
);
export type Refund = typeof refunds.$inferSelect;

/** The sub-acts of a refund, with their billing. */
export const refundActs = pgTable(
  'refund_acts',
  {
    id: uuidPk(),
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    actCode: text('act_code').notNull(),
    wording: text('wording').notNull(),
    careDate: date('care_date', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull().default(1),
    billedCents: integer('billed_cents').notNull(),
    socialSecurityBaseCents: integer('social_security_base_cents').notNull(),
    socialSecurityRate: smallint('social_security_rate').notNull(),
    socialSecurityCents: integer('social_security_cents').notNull(),
    otherMutualCents: integer('other_mutual_cents').notNull(),
    productCents: integer('product_cents').notNull(),
    remainingChargeCents: integer('remaining_charge_cents').notNull(),
    // The engine's figures of the line (migration 0160); engine_version null: paid before the engine.
    amoGrossCents: integer('amo_gross_cents').notNull(),
    participationCents: integer('participation_cents').notNull().default(0),
    franchiseCents: integer('franchise_cents').notNull().default(0),
    capsApplied: jsonb('caps_applied').$type<CapApplied[]>().notNull().default([]),
    steps: jsonb('steps').$type<ComputationStep[]>().notNull().default([]),
    guarantee: jsonb('guarantee').$type<{ code: string; label: string }>(),
    allowance: jsonb('allowance').$type<TLineAllowance>(),
    explanation: text('explanation').notNull().default(''),
    engineVersion: text('engine_version'),
    correction: jsonb('correction').$type<{ engineAmcCents: number; reason: string }>(),
  },
  (t) => [uniqueIndex('refund_acts_refund_position_uq').on(t.refundId, t.position)],
);
export type RefundAct = typeof refundActs.$inferSelect;
