-- The tenant's FAQ (public pages faq, faq/{category}, faq/{category}/{theme}, global details
-- faqCategories). Ids are slugs chosen by the tenant; a disabled category or theme answers 404 with the
-- spec's « indisponible » message, as an unknown one does.
CREATE TABLE faq_categories (
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  id text NOT NULL,
  title text NOT NULL,
  description text NOT NULL DEFAULT '',
  position smallint NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  PRIMARY KEY (tenant_id, id)
);

CREATE TABLE faq_themes (
  tenant_id text NOT NULL,
  category_id text NOT NULL,
  id text NOT NULL,
  title text NOT NULL,
  position smallint NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  PRIMARY KEY (tenant_id, category_id, id),
  FOREIGN KEY (tenant_id, category_id) REFERENCES faq_categories(tenant_id, id) ON DELETE CASCADE
);

-- search_question / search_answer: the text followed by its copy without accents, so that the French
-- stemmer sees both « remboursées » and « remboursees » (the unaccent extension is not loaded in
-- PGlite); written by the module with the question and answer.
CREATE TABLE faq_entries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL,
  category_id text NOT NULL,
  theme_id text NOT NULL,
  question text NOT NULL,
  answer text NOT NULL,
  position smallint NOT NULL,
  search_question text NOT NULL,
  search_answer text NOT NULL,
  FOREIGN KEY (tenant_id, category_id, theme_id) REFERENCES faq_themes(tenant_id, category_id, id) ON DELETE CASCADE
);
CREATE INDEX faq_entries_theme_idx ON faq_entries (tenant_id, category_id, theme_id, position);
-- GET /api/faq/search: the question weighs more than the answer; the query repeats this expression.
CREATE INDEX faq_entries_search_idx ON faq_entries USING gin (
  (setweight(to_tsvector('french'::regconfig, search_question), 'A') || setweight(to_tsvector('french'::regconfig, search_answer), 'B'))
);
