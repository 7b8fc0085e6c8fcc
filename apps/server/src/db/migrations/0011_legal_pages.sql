-- Versioned legal pages per tenant, and which version each member accepted and when.
CREATE TABLE legal_pages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id),
  type text NOT NULL,
  version integer NOT NULL CHECK (version > 0),
  title text NOT NULL,
  content text NOT NULL,
  requires_acceptance boolean NOT NULL DEFAULT true,
  published_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX legal_pages_tenant_type_version_uq ON legal_pages (tenant_id, type, version);

CREATE TABLE legal_page_acceptances (
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  legal_page_id uuid NOT NULL REFERENCES legal_pages(id) ON DELETE CASCADE,
  accepted_at timestamptz NOT NULL,
  PRIMARY KEY (member_id, legal_page_id)
);
