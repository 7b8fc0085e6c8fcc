import { boolean, date, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { members, memberRef } from './members';
import { personRequestKeys, requestKey } from './requests';
import { ts } from './columns';

/** Details of an add-beneficiary request (10003). */
export const beneficiaryAdditions = pgTable(
  'beneficiary_additions',
  {
    requestId: requestKey(),
    memberId: memberRef(),
    type: text('type').$type<'PARTNER' | 'CHILD'>().notNull(),
    profile: text('profile').notNull(),
    firstName: text('first_name').notNull(),
    surName: text('sur_name').notNull(),
    sex: text('sex').$type<'M' | 'F'>().notNull(),
    birthDate: date('birth_date', { mode: 'string' }).notNull(),
    ownNir: boolean('own_nir').notNull(),
    nir: text('nir'),
    nirKey: text('nir_key'),
    attachedParent: text('attached_parent').$type<'MAIN' | 'PARTNER'>(),
    membershipStart: date('membership_start', { mode: 'string' }).notNull(),
    otherCover: text('other_cover').$type<'NONE' | 'OTHER_MUTUAL' | 'CSS'>().notNull(),
    alsaceMoselle: boolean('alsace_moselle').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('beneficiary_additions_member_idx').on(t.memberId)],
);

/** Details of a deletion request (10004); pending while its request is not done. */
export const beneficiaryDeletions = pgTable(
  'beneficiary_deletions',
  {
    ...personRequestKeys(),
    reason: text('reason').$type<'DEATH' | 'DIVORCE' | 'SEPARATION' | 'COMPULSORY_MUTUAL' | 'NO_LONGER_DEPENDANT'>().notNull(),
    endDate: date('end_date', { mode: 'string' }).notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('beneficiary_deletions_beneficiary_idx').on(t.beneficiaryId), index('beneficiary_deletions_member_idx').on(t.memberId)],
);

/** Details of a teletransmission request (10000). */
export const teletransmissionRequests = pgTable(
  'teletransmission_requests',
  {
    ...personRequestKeys(),
    organisationCode: text('organisation_code').notNull(),
    otherMutual: boolean('other_mutual').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('teletransmission_requests_beneficiary_idx').on(t.beneficiaryId), index('teletransmission_requests_member_idx').on(t.memberId)],
);

/** The member's channels: magazine, statements, card format. No row = the defaults. */
export const memberPreferences = pgTable('member_preferences', {
  memberId: uuid('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  magazineChannel: text('magazine_channel').$type<'EMAIL' | 'POST' | 'NONE'>().notNull().default('EMAIL'),
  magazineFormat: text('magazine_format').$type<'STANDARD' | 'LARGE_PRINT'>().notNull().default('STANDARD'),
  statementChannel: text('statement_channel').$type<'ONLINE' | 'POST'>().notNull().default('ONLINE'),
  cardFormat: text('card_format').$type<'DIGITAL' | 'PAPER'>().notNull().default('DIGITAL'),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});

/** Social security funds (code organisme), filled by migration 0070. */
export const organisationCodes = pgTable('organisation_codes', {
  code: text('code').primaryKey(),
  label: text('label').notNull(),
  search: text('search').notNull(),
  /** The main cities the fund serves, searched with its name (migration 0131). */
  cities: text('cities').notNull().default(''),
  obsolete: boolean('obsolete').notNull().default(false),
  replacedBy: text('replaced_by'),
  teletransmission: boolean('teletransmission').notNull().default(true),
});

/** A lost card declared by the member (migration 0071): a card request (10001); pending while not done. */
export const lostCardDeclarations = pgTable(
  'lost_card_declarations',
  {
    requestId: requestKey(),
    memberId: memberRef(),
    sendPaperCard: boolean('send_paper_card').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('lost_card_declarations_member_idx').on(t.memberId)],
);
