import { pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

/** The tenant's synonyms for the assistant: a folded word members type, the words the portal writes for it. */
export const assistantSynonyms = pgTable(
  'assistant_synonyms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tenantId: text('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    synonyms: text('synonyms').array().notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [unique('assistant_synonyms_tenant_id_term_key').on(t.tenantId, t.term)],
);
