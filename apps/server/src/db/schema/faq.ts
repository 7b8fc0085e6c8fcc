import { boolean, foreignKey, index, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { tenantRef } from './tenants';
import { uuidPk } from './columns';

/** A FAQ category of the tenant (remboursements, optique…); its id is a slug used in the URL. */
export const faqCategories = pgTable(
  'faq_categories',
  {
    tenantId: tenantRef('cascade'),
    id: text('id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    position: smallint('position').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [primaryKey({ columns: [t.tenantId, t.id] })],
);

/** A theme of a category. */
export const faqThemes = pgTable(
  'faq_themes',
  {
    tenantId: text('tenant_id').notNull(),
    categoryId: text('category_id').notNull(),
    id: text('id').notNull(),
    title: text('title').notNull(),
    position: smallint('position').notNull(),
    enabled: boolean('enabled').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.tenantId, t.categoryId, t.id] }),
    foreignKey({ columns: [t.tenantId, t.categoryId], foreignColumns: [faqCategories.tenantId, faqCategories.id] }).onDelete('cascade'),
  ],
);

/**
 * A question and its answer. `searchQuestion`/`searchAnswer` hold the text and its copy without
 * accents, read by the French full-text index of migration 0050 (write them with `faqSearchColumns`).
 */
export const faqEntries = pgTable(
  'faq_entries',
  {
    id: uuidPk(),
    tenantId: text('tenant_id').notNull(),
    categoryId: text('category_id').notNull(),
    themeId: text('theme_id').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: smallint('position').notNull(),
    searchQuestion: text('search_question').notNull(),
    searchAnswer: text('search_answer').notNull(),
  },
  (t) => [
    index('faq_entries_theme_idx').on(t.tenantId, t.categoryId, t.themeId, t.position),
    foreignKey({ columns: [t.tenantId, t.categoryId, t.themeId], foreignColumns: [faqThemes.tenantId, faqThemes.categoryId, faqThemes.id] }).onDelete(
      'cascade',
    ),
  ],
);
