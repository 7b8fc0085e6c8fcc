-- Changing the e-mail address or mobile number that receives codes: asked with the password
-- or a fresh code, confirmed from the new address (single-use link) or number (SMS code).
CREATE TABLE contact_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('EMAIL', 'MOBILE')),
  old_value text,
  new_value text NOT NULL,
  -- E-mail: SHA-256 of the token of the mailed link. Mobile: the SMS code's challenge.
  token_hash text UNIQUE,
  challenge_id uuid REFERENCES verification_challenges(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  confirmed_at timestamptz,
  cancelled_at timestamptz
);
CREATE INDEX contact_changes_member_idx ON contact_changes (member_id, kind);

-- A mobile number receives codes only once confirmed by an SMS code.
ALTER TABLE contacts ADD COLUMN mobile_confirmed_at timestamptz;
