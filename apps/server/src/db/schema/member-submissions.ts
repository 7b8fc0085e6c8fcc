import type { QuoteNature, TQuoteCheckRequest, TQuoteFinding } from '@mutua/contracts';
import { date, integer, jsonb, pgTable, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { requests } from './requests';

/** A refund request's form beyond the request itself: act, care date, amount, sessions, comment. */
export const refundRequestDetails = pgTable('refund_request_details', {
  requestId: uuid('request_id')
    .primaryKey()
    .references(() => requests.id, { onDelete: 'cascade' }),
  actCode: text('act_code').notNull(),
  careDate: date('care_date', { mode: 'string' }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  sessions: smallint('sessions').notNull().default(1),
  comment: text('comment').notNull().default(''),
});

/** A shared supporting document's form: its type (contracts SHARED_DOCUMENT_TYPES) and comment. */
export const documentSharingDetails = pgTable('document_sharing_details', {
  requestId: uuid('request_id')
    .primaryKey()
    .references(() => requests.id, { onDelete: 'cascade' }),
  documentType: text('document_type').notNull(),
  comment: text('comment').notNull().default(''),
});

/** A quote's form: nature, date, amount, comment, the lines entered and the 100 % Santé findings at sending. */
export const quoteDetails = pgTable('quote_details', {
  requestId: uuid('request_id')
    .primaryKey()
    .references(() => requests.id, { onDelete: 'cascade' }),
  nature: text('nature').$type<QuoteNature>().notNull(),
  quoteDate: date('quote_date', { mode: 'string' }).notNull(),
  amountCents: integer('amount_cents').notNull(),
  comment: text('comment').notNull().default(''),
  lines: jsonb('lines').$type<TQuoteCheckRequest>(),
  findings: jsonb('findings').$type<TQuoteFinding[]>().notNull().default([]),
});
