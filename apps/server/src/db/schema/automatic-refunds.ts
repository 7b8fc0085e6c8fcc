import type { AutoDecisionReason, TAutoDecisionRules } from '@mutua/contracts/auto-decision';
import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { memberRef } from './members';
import { refunds } from './refunds';
import { personRequestKeys, requestKey } from './requests';
import { tenants, tenantRef } from './tenants';
import { ts, uuidPk } from './columns';

/* Claims checked, decided and paid (migration 0195). */

/** What identifies an invoice among a member's claims; the unique indexes refuse it twice. */
export const claimFingerprints = pgTable(
  'claim_fingerprints',
  {
    ...personRequestKeys(),
    practitioner: text('practitioner').notNull().default(''),
    careDate: date('care_date', { mode: 'string' }).notNull(),
    amountCents: integer('amount_cents').notNull(),
    invoiceSha256: text('invoice_sha256').notNull(),
  },
  (t) => [
    uniqueIndex('claim_fingerprints_file_uq').on(t.memberId, t.invoiceSha256),
    uniqueIndex('claim_fingerprints_invoice_uq')
      .on(t.memberId, t.beneficiaryId, t.careDate, t.amountCents, t.practitioner)
      .where(sql`practitioner <> ''`),
  ],
);

/** A tenant's automatic-decision rules, one row per version. */
export const autoDecisionRuleSets = pgTable(
  'auto_decision_rule_sets',
  {
    tenantId: tenantRef('cascade'),
    version: integer('version').notNull(),
    rules: jsonb('rules').$type<TAutoDecisionRules>().notNull(),
    createdBy: uuid('created_by').notNull(),
    createdAt: ts('created_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.version] })],
);

export type PostCheckState = 'PENDING' | 'CONFIRMED' | 'REVERSED';

/** The decision job's outcome for a claim. */
export const claimDecisions = pgTable(
  'claim_decisions',
  {
    requestId: requestKey(),
    tenantId: text('tenant_id').notNull(),
    memberId: memberRef(),
    outcome: text('outcome').$type<'AUTOMATIC' | 'MANUAL'>().notNull(),
    ruleVersion: integer('rule_version').notNull(),
    reasons: jsonb('reasons').$type<AutoDecisionReason[]>().notNull().default([]),
    proposal: jsonb('proposal').$type<Record<string, unknown>>(),
    refundId: uuid('refund_id'),
    refundCents: integer('refund_cents').notNull().default(0),
    decidedAt: ts('decided_at').notNull(),
    postCheck: text('post_check').$type<PostCheckState>(),
    postCheckedBy: uuid('post_checked_by'),
    postCheckedAt: ts('post_checked_at'),
    postCheckReason: text('post_check_reason'),
  },
  (t) => [index('claim_decisions_post_check_idx').on(t.tenantId, t.postCheck, t.decidedAt)],
);

/** The account a tenant pays refunds from. */
export const payoutAccounts = pgTable('payout_accounts', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => tenants.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  iban: text('iban').notNull(),
  bic: text('bic'),
});

/** A SEPA credit transfer file, stored whole. */
export const paymentFiles = pgTable(
  'payment_files',
  {
    id: uuidPk(),
    tenantId: tenantRef('cascade'),
    messageId: text('message_id').notNull().unique(),
    executionDate: date('execution_date', { mode: 'string' }).notNull(),
    xml: text('xml').notNull(),
    transferCount: integer('transfer_count').notNull(),
    transferTotalCents: bigint('transfer_total_cents', { mode: 'number' }).notNull(),
    listedCount: integer('listed_count').notNull(),
    listedTotalCents: bigint('listed_total_cents', { mode: 'number' }).notNull(),
    createdAt: ts('created_at').notNull(),
    sentAt: ts('sent_at'),
    sentBy: uuid('sent_by'),
  },
  (t) => [index('payment_files_tenant_idx').on(t.tenantId, t.createdAt.desc())],
);

/** Each published refund in exactly one file (primary key). */
export const refundPayments = pgTable(
  'refund_payments',
  {
    refundId: uuid('refund_id')
      .primaryKey()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id').references(() => paymentFiles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'TRANSFER' | 'THIRD_PARTY'>().notNull(),
    payeeName: text('payee_name').notNull(),
    iban: text('iban'),
    amountCents: integer('amount_cents').notNull(),
    executionDate: date('execution_date', { mode: 'string' }).notNull(),
    issuedAt: ts('issued_at'),
  },
  (t) => [index('refund_payments_file_idx').on(t.fileId)],
);
