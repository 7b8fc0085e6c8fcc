import { pgTable, text, unique } from 'drizzle-orm/pg-core';
import { tenantRef } from './tenants';
import { ts, uuidPk } from './columns';

/** The tenant's synonyms for the assistant: a folded word members type, the words the portal writes for it. */
export const assistantSynonyms = pgTable(
  'assistant_synonyms',
  {
    id: uuidPk(),
    tenantId: tenantRef('cascade'),
    term: text('term').notNull(),
    synonyms: text('synonyms').array().notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [unique('assistant_synonyms_tenant_id_term_key').on(t.tenantId, t.term)],
);
