-- The mentions légales of each tenant (LCEN art. 6 III): publisher, registration, address, director of
-- publication, host with its HDS certification (health data), contact. Filled and changed in the back
-- office by the tenant's administrators; one row per tenant, the public page reads it.
CREATE TABLE tenant_legal_notices (
  tenant_id text PRIMARY KEY REFERENCES tenants(id),
  publisher_name text NOT NULL,
  publisher_legal_form text NOT NULL,
  registration text NOT NULL,
  address text NOT NULL,
  publication_director text NOT NULL,
  host_name text NOT NULL,
  host_address text NOT NULL,
  host_hds_certificate text NOT NULL,
  contact_email text NOT NULL,
  contact_phone text NOT NULL DEFAULT '',
  updated_at timestamptz NOT NULL DEFAULT now()
);

SELECT watch_changes('tenant_legal_notices', 'tenant');
