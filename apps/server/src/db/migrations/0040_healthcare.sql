-- The tenant's healthcare catalogue (global details healthCare, the refund-request form): acts with
-- the documents they need, documents, hospitalisation types. Per tenant: brands may differ.
CREATE TABLE healthcare_documents (
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  code text NOT NULL,
  label text NOT NULL,
  -- Asked for every refund request (defaultDocuments), whatever the act.
  is_default boolean NOT NULL DEFAULT false,
  position smallint NOT NULL,
  PRIMARY KEY (tenant_id, code)
);

CREATE TABLE healthcare_acts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  code text NOT NULL,
  label text NOT NULL,
  category text NOT NULL,
  -- Shown first in the form (allFrequentActs).
  frequent boolean NOT NULL DEFAULT false,
  position smallint NOT NULL,
  -- Codes of healthcare_documents the act needs beside the default ones.
  document_codes text[] NOT NULL DEFAULT '{}',
  UNIQUE (tenant_id, code)
);

-- The act search (GET /api/healthcare/acts?q=): every word of an act's label and synonyms, lower-case
-- without accents, in the C collation so that a btree answers `word LIKE 'prefix%'` from the index.
CREATE TABLE healthcare_act_words (
  tenant_id text NOT NULL,
  word text COLLATE "C" NOT NULL,
  act_id uuid NOT NULL REFERENCES healthcare_acts(id) ON DELETE CASCADE,
  PRIMARY KEY (tenant_id, word, act_id)
);

CREATE TABLE hospitalization_types (
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  code text NOT NULL,
  label text NOT NULL,
  position smallint NOT NULL,
  PRIMARY KEY (tenant_id, code)
);
