import type { QuoteNature, TQuoteCheckRequest, TQuoteFinding } from '@mutua/contracts/quotes';
import { boolean, date, integer, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { requestKey } from './requests';
import { ts, uuidPk } from './columns';

/** A refund request's form beyond the request itself: act, care date, amount, sessions, comment. */
export const refundRequestDetails = pgTable('refund_request_details', {
  requestId: requestKey(),
  actCode: text('act_code').notNull(),
  careDate: date('care_date', { mode: 'string' }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  sessions: smallint('sessions').notNull().default(1),
  comment: text('comment').notNull().default(''),
});

/** A shared supporting document's form: its type (contracts SHARED_DOCUMENT_TYPES) and comment. */
export const documentSharingDetails = pgTable('document_sharing_details', {
  requestId: requestKey(),
  documentType: text('document_type').notNull(),
  comment: text('comment').notNull().default(''),
});

/** A quote's form: nature, date, amount, comment, the lines entered and the 100 % Santé findings at sending. */
export const quoteDetails = pgTable('quote_details', {
  requestId: requestKey(),
  nature: text('nature').$type<QuoteNature>().notNull(),
  quoteDate: date('quote_date', { mode: 'string' }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  comment: text('comment').notNull().default(''),
  lines: jsonb('lines').$type<TQuoteCheckRequest>(),
  findings: jsonb('findings').$type<TQuoteFinding[]>().notNull().default([]),
});

/** The establishment directory (public reference data, every tenant): searched by name or FINESS. */
export const establishments = pgTable('establishments', {
  id: uuidPk(),
  finess: text('finess').notNull().unique(),
  name: text('name').notNull(),
  city: text('city').notNull(),
  postalCode: text('postal_code').notNull(),
  /** contracts establishmentSearchText of names, FINESS, city, postal code, category; GIN full-text index in 0062. */
  searchText: text('search_text').notNull(),
  /** The FINESS extract's columns (0150): legal entity, short name (rs), category and its group. */
  legalEntityFiness: text('legal_entity_finess'),
  shortName: text('short_name'),
  categoryCode: text('category_code'),
  categoryLabel: text('category_label'),
  categoryGroupCode: text('category_group_code'),
  categoryGroupLabel: text('category_group_label'),
  /** 0 hospitals (group 11xx), 1 other establishments under the hospital law (12xx), 2 the rest: the search's order. */
  careRank: smallint('care_rank').notNull().default(2),
  /** A generated demo row (the sample extract marks it), never a real establishment. */
  fictitious: boolean('fictitious').notNull().default(false),
  updatedOn: date('updated_on', { mode: 'string' }),
  /** The import that last listed it; absent from the latest complete extract → closedOn. */
  importId: uuid('import_id'),
  closedOn: date('closed_on', { mode: 'string' }),
});

/** One import of one FINESS extract file: lines_done moves forward with each batch (resumable). */
export const establishmentImports = pgTable('establishment_imports', {
  id: uuidPk(),
  fileSha256: text('file_sha256').notNull().unique(),
  extractVersion: text('extract_version').notNull(),
  extractDate: date('extract_date', { mode: 'string' }).notNull(),
  totalLines: integer('total_lines').notNull(),
  linesDone: integer('lines_done').notNull().default(0),
  establishments: integer('establishments').notNull().default(0),
  skipped: integer('skipped').notNull().default(0),
  closed: integer('closed'),
  startedAt: ts('started_at').notNull().defaultNow(),
  finishedAt: ts('finished_at'),
});

/** A hospital coverage request's form: dates, DMT, type, the establishment (directory or typed), act, comment, duration. */
export const hospitalCareDetails = pgTable('hospital_care_details', {
  requestId: requestKey(),
  admissionDate: date('admission_date', { mode: 'string' }).notNull(),
  releaseDate: date('release_date', { mode: 'string' }),
  dmt: text('dmt'),
  hospitalizationType: text('hospitalization_type').notNull(),
  establishmentId: uuid('establishment_id').references(() => establishments.id),
  establishmentName: text('establishment_name').notNull(),
  establishmentFiness: text('establishment_finess').notNull(),
  establishmentAdeli: text('establishment_adeli'),
  act: text('act').notNull(),
  comment: text('comment').notNull().default(''),
  durationDays: smallint('duration_days'),
});
