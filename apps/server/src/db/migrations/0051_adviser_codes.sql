-- Help: short codes a member reads to a phone adviser (POST /api/help/adviser-code), valid 30 minutes.
-- Only codes of real members are stored, as an HMAC of the code (never the code itself).
CREATE TABLE adviser_codes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  code_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);
CREATE INDEX adviser_codes_lookup_idx ON adviser_codes (tenant_id, code_hash, expires_at);
