-- Each product's redistribution rate and management costs (with their composition) for a closed year,
-- in basis points of the contributions, shown to members every year (arrêté du 6 mai 2020). Tenant
-- data, set by its administrators in the back office.
CREATE TABLE product_costs (
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  product_number text NOT NULL,
  year smallint NOT NULL CHECK (year >= 2019),
  redistribution_bp integer NOT NULL CHECK (redistribution_bp BETWEEN 0 AND 20000),
  claims_management_bp integer NOT NULL CHECK (claims_management_bp >= 0),
  acquisition_bp integer NOT NULL CHECK (acquisition_bp >= 0),
  administration_bp integer NOT NULL CHECK (administration_bp >= 0),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, product_number, year),
  CHECK (claims_management_bp + acquisition_bp + administration_bp <= 10000)
);
SELECT watch_changes('product_costs', 'tenant');
