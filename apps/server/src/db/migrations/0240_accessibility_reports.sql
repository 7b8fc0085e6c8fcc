-- Accessibility problems reported from the accessibility statement, signed in or not (RGAA: a way to
-- report a problem and obtain an accessible alternative). Staff of the tenant read them in the back
-- office, answer by e-mail and close them. Read by no member page: not watched by the read cache.
CREATE TABLE accessibility_reports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  -- The form's submission key: the same form sent twice is one report.
  idempotency_key text,
  name text NOT NULL DEFAULT '',
  email text NOT NULL,
  page text NOT NULL,
  description text NOT NULL,
  received_at timestamptz NOT NULL,
  answer text,
  answered_at timestamptz,
  answered_by uuid REFERENCES staff(id) ON DELETE SET NULL,
  closed_at timestamptz,
  closed_by uuid REFERENCES staff(id) ON DELETE SET NULL
);
CREATE INDEX accessibility_reports_tenant_idx ON accessibility_reports (tenant_id, received_at DESC);
CREATE UNIQUE INDEX accessibility_reports_key_uq ON accessibility_reports (tenant_id, idempotency_key);
