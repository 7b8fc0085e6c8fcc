CREATE TABLE tenants (
  id text PRIMARY KEY,
  hosts text[] NOT NULL,
  name text NOT NULL,
  graphical_charter jsonb NOT NULL,
  logo_svg text NOT NULL,
  favicon_svg text NOT NULL,
  features jsonb NOT NULL,
  maintenance boolean NOT NULL DEFAULT false,
  maintenance_reason text,
  logout_redirect_url text,
  mobile_application jsonb NOT NULL,
  old_insured_space jsonb NOT NULL,
  settings jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- Tenant resolution looks a request's host up in these arrays.
CREATE INDEX tenants_hosts_idx ON tenants USING gin (hosts);

CREATE TABLE seed_runs (
  name text PRIMARY KEY,
  applied_at timestamptz NOT NULL DEFAULT now()
);
