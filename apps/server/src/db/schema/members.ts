import { boolean, date, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { tenantRef } from './tenants';
import { ts, uuidPk } from './columns';

/**
 * A member ("adhérent"): the main insured who holds the contract and signs in. Identity fields of the
 * main insured live in the MAIN row of `beneficiaries`, like every other covered person.
 */
export const members = pgTable(
  'members',
  {
    id: uuidPk(),
    tenantId: tenantRef(),
    membershipNumber: text('membership_number').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** Set when the retention rules (or the closure of the account) removed the member's identity (migration 0210). */
    anonymisedAt: ts('anonymised_at'),
  },
  (t) => [uniqueIndex('members_tenant_number_uq').on(t.tenantId, t.membershipNumber)],
);

/** The owning member of a row, deleted with the member. */
export const memberRef = () =>
  uuid('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' });

export const BENEFICIARY_RANKS = ['MAIN', 'PARTNER', 'CHILD', 'OTHER'] as const;
export type BeneficiaryRank = (typeof BENEFICIARY_RANKS)[number];

/** Everyone covered by a member's contract, the member included (rank MAIN). */
export const beneficiaries = pgTable(
  'beneficiaries',
  {
    id: uuidPk(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    /** Stable position in the family (1 = main insured), used in routes such as update-benef/{familyPosition}. */
    familyPosition: integer('family_position').notNull(),
    rank: text('rank').$type<BeneficiaryRank>().notNull(),
    firstName: text('first_name').notNull(),
    surName: text('sur_name').notNull(),
    legalName: text('legal_name'),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    sex: text('sex').$type<'M' | 'F'>().notNull(),
    /** Social security number (13 characters), encrypted (db/protected-fields.ts), and its 2-digit key. */
    nir: text('nir'),
    nirKey: text('nir_key'),
    /** Keyed hash of the NIR: login by NIR and duplicates without decrypting (migration 0220). */
    nirHmac: text('nir_hmac'),
    insured: boolean('insured').notNull().default(true),
    teletransmission: text('teletransmission').$type<'INACTIVE' | 'ACTIVE' | 'NOT_WISHED'>().notNull().default('INACTIVE'),
    organisationCode: text('organisation_code'),
    /** Teletransmission: the person is also covered by another mutual (migration 0070). */
    otherMutual: boolean('other_mutual').notNull().default(false),
    /** Refunds for this person go to the main insured's bank details (migration 0070). */
    useMainBankDetails: boolean('use_main_bank_details').notNull().default(true),
    /** The compulsory scheme: Alsace-Moselle's local regime pays more of the co-payment (migration 0160). */
    regime: text('regime').$type<'GENERAL' | 'ALSACE_MOSELLE'>().notNull().default('GENERAL'),
  },
  (t) => [uniqueIndex('beneficiaries_member_position_uq').on(t.memberId, t.familyPosition)],
);

/** A row about one covered person, deleted with the person. */
export const beneficiaryRef = () =>
  uuid('beneficiary_id')
    .notNull()
    .references(() => beneficiaries.id, { onDelete: 'cascade' });

/** Contact details of the family (one row per member today; the spec's familyContacts.contacts). */
export const contacts = pgTable('contacts', {
  id: uuidPk(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' }),
  email: text('email'),
  secondaryEmail: text('secondary_email'),
  mobileNumber: text('mobile_number'),
  phoneNumber: text('phone_number'),
  /** Set once the mobile number is confirmed by an SMS code: only then may it receive codes. */
  mobileConfirmedAt: ts('mobile_confirmed_at'),
});

/** Postal addresses of the family (the spec's familyAddresses.addresses). */
export const addresses = pgTable('addresses', {
  id: uuidPk(),
  memberId: uuid('member_id')
    .notNull()
    .references(() => members.id, { onDelete: 'cascade' }),
  line1: text('line1'),
  line2: text('line2'),
  line3: text('line3'),
  zipCode: text('zip_code'),
  city: text('city'),
  country: text('country').notNull().default('France'),
  foreignResidence: boolean('foreign_residence').notNull().default(false),
  /** La Poste returned mail as undeliverable (NPAI) since then; null once the member changed the address (migration 0095). */
  undeliverableSince: ts('undeliverable_since'),
});

/** Health contracts subscribed, per family position; outgoing_date null = ongoing. */
export const contracts = pgTable(
  'contracts',
  {
    id: uuidPk(),
    memberId: uuid('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    familyPosition: integer('family_position').notNull(),
    kind: text('kind').$type<'COLLECTIVE' | 'INDIVIDUAL'>().notNull(),
    label: text('label').notNull(),
    insurerContract: text('insurer_contract').notNull(),
    productNumber: text('product_number').notNull(),
    companyId: text('company_id'),
    baseOptionCode: text('base_option_code').notNull(),
    incomingDate: date('incoming_date', { mode: 'string' }).notNull(),
    outgoingDate: date('outgoing_date', { mode: 'string' }),
  },
  (t) => [index('contracts_member_idx').on(t.memberId)],
);
