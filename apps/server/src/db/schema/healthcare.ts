import { boolean, pgTable, primaryKey, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { tenantRef } from './tenants';
import { uuidPk } from './columns';

/** A document a refund request may need (facture détaillée, prescription…); `isDefault`: asked every time. */
export const healthcareDocuments = pgTable(
  'healthcare_documents',
  {
    tenantId: tenantRef('cascade'),
    code: text('code').notNull(),
    label: text('label').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.code] })],
);

/** An act of the tenant's catalogue, with the documents it needs beside the default ones. */
export const healthcareActs = pgTable(
  'healthcare_acts',
  {
    id: uuidPk(),
    tenantId: tenantRef('cascade'),
    code: text('code').notNull(),
    label: text('label').notNull(),
    category: text('category').notNull(),
    frequent: boolean('frequent').notNull().default(false),
    position: smallint('position').notNull(),
    documentCodes: text('document_codes').array().notNull().default([]),
  },
  (t) => [unique().on(t.tenantId, t.code)],
);

/** The search index of the acts: one row per normalised word (C collation, see migration 0040). */
export const healthcareActWords = pgTable(
  'healthcare_act_words',
  {
    tenantId: text('tenant_id').notNull(),
    word: text('word').notNull(),
    actId: uuid('act_id')
      .notNull()
      .references(() => healthcareActs.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.word, t.actId] })],
);

export const hospitalizationTypes = pgTable(
  'hospitalization_types',
  {
    tenantId: tenantRef('cascade'),
    code: text('code').notNull(),
    label: text('label').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.code] })],
);
