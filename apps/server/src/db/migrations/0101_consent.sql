-- Cookie consent (POST /api/consent): every choice a visitor makes, kept as the proof of consent; the
-- current one is the latest of their visitor id (an HttpOnly cookie). account_id when signed in.
CREATE TABLE cookie_consents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  visitor_id uuid NOT NULL,
  account_id uuid,
  analytics boolean NOT NULL,
  decided_at timestamptz NOT NULL
);
CREATE INDEX cookie_consents_visitor_idx ON cookie_consents (tenant_id, visitor_id, decided_at DESC);
