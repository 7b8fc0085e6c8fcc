import { boolean, pgTable, primaryKey, smallint, text, unique, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/** A document a refund request may need (facture détaillée, prescription…); `isDefault`: asked every time. */
export const healthcareDocuments = pgTable(
  'healthcare_documents',
  {
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
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
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
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
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    label: text('label').notNull(),
    position: smallint('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.code] })],
);
