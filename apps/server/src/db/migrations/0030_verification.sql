-- One-time codes for any purpose: sign-in now, contact changes and signatures next. The
-- code is kept as an HMAC keyed with the server secret; wrong codes count per counter key (e.g. per
-- account and purpose) across challenges, so new challenges never give new tries.
CREATE TABLE verification_challenges (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('SIGN_IN', 'CONTACT_CHANGE', 'SIGNATURE')),
  channel text NOT NULL CHECK (channel IN ('EMAIL', 'SMS')),
  destination text NOT NULL,
  -- Who may answer it: a sign-in attempt or a session (SHA-256 based, never the secret itself).
  binding text NOT NULL,
  counter_key text NOT NULL,
  code_hash text,
  code_expires_at timestamptz,
  code_sent_at timestamptz,
  resend_available_at timestamptz,
  verified_at timestamptz,
  expires_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX verification_challenges_binding_idx ON verification_challenges (binding, purpose);

CREATE TABLE verification_counters (
  key text PRIMARY KEY,
  -- Consecutive wrong codes; a right code resets it; the max-th blocks until blocked_until.
  failures integer NOT NULL DEFAULT 0,
  blocked_until timestamptz,
  updated_at timestamptz NOT NULL
);

-- The sign-in attempt keeps its own state (addresses, chosen one, use); its code is a challenge.
ALTER TABLE login_attempts ADD COLUMN challenge_id uuid REFERENCES verification_challenges(id) ON DELETE SET NULL;
ALTER TABLE login_attempts DROP COLUMN code_hash;
ALTER TABLE login_attempts DROP COLUMN code_expires_at;
ALTER TABLE login_attempts DROP COLUMN code_sent_at;
ALTER TABLE login_attempts DROP COLUMN resend_available_at;
ALTER TABLE login_attempts DROP COLUMN attempts;
