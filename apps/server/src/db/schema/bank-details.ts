import { sql } from 'drizzle-orm';
import { bigserial, boolean, index, integer, jsonb, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { memberRef } from './members';
import { requests } from './requests';
import { tenants, tenantRef } from './tenants';
import { verificationChallenges } from './verification';
import { bytea, ts, uuidPk } from './columns';

export type BankUsage = 'contribution' | 'refund';
/** Refund: REQUEST_SENT (being checked) → ACCEPTED | REFUSED by the back office. Contribution: AWAITING_SIGNATURE → SIGNED | CANCELLED. */
export type BankChangeStatus = 'REQUEST_SENT' | 'AWAITING_SIGNATURE' | 'SIGNED' | 'CANCELLED' | 'ACCEPTED' | 'REFUSED';

/**
 * An account's use, the person it is for and its coordinates: the same in an account in force and in a
 * change asked. Holder, IBAN and BIC encrypted (db/protected-fields.ts); the tables' ibanHmac serves
 * « IBAN déjà utilisé » (migration 0220).
 */
const accountColumns = () => ({
  usage: text('usage').$type<BankUsage>().notNull(),
  familyPosition: integer('family_position').notNull(),
  holder: text('holder').notNull(),
  iban: text('iban').notNull(),
  bic: text('bic'),
  bankName: text('bank_name'),
});

/** The tenant as SEPA creditor (name, address, ICS on every mandate) and its signature provider. */
export const sepaCreditors = pgTable('sepa_creditors', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  name: text('name').notNull(),
  address: text('address').notNull(),
  ics: text('ics').notNull(),
  rumPrefix: text('rum_prefix').notNull(),
  signatureProvider: text('signature_provider').notNull().default('builtin'),
});
export type SepaCreditor = typeof sepaCreditors.$inferSelect;

/** The PKCS#12 sealing a tenant's signed mandates (passphrase derived from SESSION_SECRET). */
export const sealCertificates = pgTable('seal_certificates', {
  tenantId: text('tenant_id')
    .primaryKey()
    .references(() => tenants.id),
  p12: bytea('p12').notNull(),
  subject: text('subject').notNull(),
  selfSigned: boolean('self_signed').notNull(),
  notAfter: ts('not_after').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** Accounts in force: contribution (position 1) and refund per person; no refund row = the main insured's. */
export const bankAccounts = pgTable(
  'bank_accounts',
  {
    id: uuidPk(),
    memberId: memberRef(),
    ...accountColumns(),
    updatedAt: ts('updated_at').notNull(),
    ibanHmac: text('iban_hmac'),
  },
  (t) => [uniqueIndex('bank_accounts_member_usage_position_uq').on(t.memberId, t.usage, t.familyPosition)],
);
export type BankAccount = typeof bankAccounts.$inferSelect;

/** A change asked by the member: a refund request checked by the back office, or a mandate to sign for contributions. */
export const bankDetailsChanges = pgTable(
  'bank_details_changes',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    memberId: memberRef(),
    ...accountColumns(),
    status: text('status').$type<BankChangeStatus>().notNull(),
    documentName: text('document_name'),
    documentType: text('document_type'),
    documentContent: bytea('document_content'),
    rum: text('rum'),
    mandatePdf: bytea('mandate_pdf'),
    mandateSha256: text('mandate_sha256'),
    provider: text('provider'),
    procedureId: text('procedure_id').unique(),
    challengeId: uuid('challenge_id').references(() => verificationChallenges.id, { onDelete: 'set null' }),
    sessionId: text('session_id'),
    requestId: uuid('request_id').references(() => requests.id, { onDelete: 'set null' }),
    createdAt: ts('created_at').notNull(),
    expiresAt: ts('expires_at').notNull(),
    closedAt: ts('closed_at'),
    ibanHmac: text('iban_hmac'),
  },
  (t) => [
    index('bank_details_changes_member_idx').on(t.memberId, t.createdAt.desc()),
    // At most one refund change being checked per person (migration 0118).
    uniqueIndex('bank_details_changes_pending_refund_uq')
      .on(t.memberId, t.familyPosition)
      .where(sql`usage = 'refund' AND status = 'REQUEST_SENT'`),
  ],
);
export type BankDetailsChange = typeof bankDetailsChanges.$inferSelect;

/** A signed mandate: the sealed PDF and its SHA-256; RUM unique per creditor. */
export const sepaMandates = pgTable(
  'sepa_mandates',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    memberId: memberRef(),
    changeId: uuid('change_id')
      .notNull()
      .unique()
      .references(() => bankDetailsChanges.id),
    rum: text('rum').notNull(),
    iban: text('iban').notNull(),
    bic: text('bic'),
    holder: text('holder').notNull(),
    place: text('place').notNull(),
    signedAt: ts('signed_at').notNull(),
    signedPdf: bytea('signed_pdf').notNull(),
    signedSha256: text('signed_sha256').notNull(),
    replacedAt: ts('replaced_at'),
  },
  (t) => [uniqueIndex('sepa_mandates_tenant_rum_uq').on(t.tenantId, t.rum), index('sepa_mandates_member_idx').on(t.memberId, t.signedAt.desc())],
);

/** The evidence file of a signature and its SHA-256. */
export const signatureEvidence = pgTable('signature_evidence', {
  mandateId: uuid('mandate_id')
    .primaryKey()
    .references(() => sepaMandates.id, { onDelete: 'cascade' }),
  evidence: jsonb('evidence').$type<Record<string, unknown>>().notNull(),
  evidenceSha256: text('evidence_sha256').notNull(),
  createdAt: ts('created_at').notNull(),
});

/** The event log of a signature procedure. */
export const signatureEvents = pgTable(
  'signature_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    changeId: uuid('change_id')
      .notNull()
      .references(() => bankDetailsChanges.id, { onDelete: 'cascade' }),
    event: text('event').notNull(),
    at: ts('at').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('signature_events_change_idx').on(t.changeId, t.id)],
);
