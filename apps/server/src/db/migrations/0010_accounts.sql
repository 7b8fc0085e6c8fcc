-- Sign-in: one account per member, login attempts of the e-mail code step, sessions and
-- one-time links. Secrets are never stored in clear: passwords as argon2id, codes as an HMAC,
-- session ids and link tokens as their SHA-256.
CREATE TABLE accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL UNIQUE REFERENCES members(id) ON DELETE CASCADE,
  tenant_id text NOT NULL REFERENCES tenants(id),
  login_type text NOT NULL CHECK (login_type IN ('EMAIL', 'MEMBERSHIP_NUMBER')),
  -- Lower-cased; the membership number always works as an identifier too.
  login_email text,
  password_hash text NOT NULL,
  status text NOT NULL CHECK (status IN ('ACTIVE', 'NOT_ACTIVATED', 'BLOCKED')),
  consecutive_failures integer NOT NULL DEFAULT 0,
  blocked_until timestamptz,
  mfa_blocked_until timestamptz,
  password_changed_at timestamptz NOT NULL,
  must_renew_password boolean NOT NULL DEFAULT false,
  first_connection boolean NOT NULL DEFAULT true,
  finished_tutorial boolean NOT NULL DEFAULT false,
  spam_blocked boolean NOT NULL DEFAULT false,
  last_connection_at timestamptz,
  previous_connection_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (login_type <> 'EMAIL' OR login_email IS NOT NULL)
);
CREATE UNIQUE INDEX accounts_tenant_login_email_uq ON accounts (tenant_id, login_email);

-- The password step passed: a code is sent to one address; the attempt id (sessionId) is only known
-- to the browser that passed the password step.
CREATE TABLE login_attempts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  token_hash text NOT NULL UNIQUE,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  tenant_id text NOT NULL REFERENCES tenants(id),
  candidate_emails text[] NOT NULL,
  chosen_email text,
  code_hash text,
  code_expires_at timestamptz,
  code_sent_at timestamptz,
  resend_available_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  used_at timestamptz,
  expires_at timestamptz NOT NULL,
  ip text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_attempts_account_idx ON login_attempts (account_id);

CREATE TABLE sessions (
  -- SHA-256 (hex) of the cookie value.
  id text PRIMARY KEY,
  account_id uuid NOT NULL REFERENCES accounts(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  tenant_id text NOT NULL REFERENCES tenants(id),
  is_bo_authentication boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  ended_at timestamptz,
  end_reason text,
  ip text,
  user_agent text
);
CREATE INDEX sessions_member_idx ON sessions (member_id, created_at);

CREATE TABLE one_time_tokens (
  -- SHA-256 (hex) of the token carried by the e-mailed link.
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('CREATE_ACCOUNT', 'PASSWORD_RESET')),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  tenant_id text NOT NULL REFERENCES tenants(id),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);
CREATE INDEX one_time_tokens_member_idx ON one_time_tokens (member_id, kind);
