-- The insurer's documents of the documents page (documents/{tab?}): per tenant,
-- by tab (health, foresight, contribution), with the Type column's kind. The shared-documents tab lists
-- the member's own stored files instead (stored_files, 0021). The PDF bytes are here: a handful of small
-- documents per tenant, read with the row.
CREATE TABLE tenant_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  tab text NOT NULL CHECK (tab IN ('health', 'foresight', 'contribution')),
  kind text NOT NULL CHECK (kind IN ('practical_guide', 'information_notice', 'guarantees_table', 'other')),
  name text NOT NULL,
  file_name text NOT NULL,
  uploaded_on date NOT NULL,
  position smallint NOT NULL,
  content bytea NOT NULL
);
CREATE INDEX tenant_documents_tab_idx ON tenant_documents (tenant_id, tab, position);
