-- Bank details and the SEPA direct-debit mandate (its legal content: contracts' bank-details.ts).

-- The tenant as SEPA creditor: name, address and ICS printed on every mandate, the RUM prefix, and
-- which signature provider signs its mandates ('builtin': SMS code here; another name: a partner site).
CREATE TABLE sepa_creditors (
  tenant_id text PRIMARY KEY REFERENCES tenants(id),
  name text NOT NULL,
  address text NOT NULL,
  -- Identifiant créancier SEPA, French form FRkkZZZnnnnnn (checked with sepa.validateCreditorID).
  ics text NOT NULL,
  rum_prefix text NOT NULL CHECK (rum_prefix ~ '^[A-Z0-9]{1,6}$'),
  signature_provider text NOT NULL DEFAULT 'builtin'
);

-- The certificate that seals the tenant's signed mandates: a PKCS#12 (key + certificate) protected by a
-- passphrase derived from SESSION_SECRET. Production: the operator loads the tenant's seal certificate
-- (see the module README); development and tests: a self-signed one is generated on first use.
CREATE TABLE seal_certificates (
  tenant_id text PRIMARY KEY REFERENCES tenants(id),
  p12 bytea NOT NULL,
  subject text NOT NULL,
  self_signed boolean NOT NULL,
  not_after timestamptz NOT NULL,
  created_at timestamptz NOT NULL
);

-- The accounts in force: one contribution account (family position 1) and one refund account per
-- person; a beneficiary without a refund row is paid on the main insured's (« identique »).
CREATE TABLE bank_accounts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  usage text NOT NULL CHECK (usage IN ('contribution', 'refund')),
  family_position integer NOT NULL CHECK (family_position >= 1),
  holder text NOT NULL,
  iban text NOT NULL,
  bic text,
  bank_name text,
  updated_at timestamptz NOT NULL,
  CHECK (usage = 'refund' OR family_position = 1)
);
CREATE UNIQUE INDEX bank_accounts_member_usage_position_uq ON bank_accounts (member_id, usage, family_position);

-- A change asked by the member. Refund: applied with a request (10023/10032). Contribution: the mandate
-- shown (its PDF kept byte for byte with its SHA-256), then signed with an SMS code or by a provider.
CREATE TABLE bank_details_changes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  usage text NOT NULL CHECK (usage IN ('contribution', 'refund')),
  family_position integer NOT NULL,
  holder text NOT NULL,
  iban text NOT NULL,
  bic text,
  bank_name text,
  status text NOT NULL CHECK (status IN ('REQUEST_SENT', 'AWAITING_SIGNATURE', 'SIGNED', 'CANCELLED')),
  -- The bank details document, kept until the mandate request carries it.
  document_name text,
  document_type text,
  document_content bytea,
  rum text,
  mandate_pdf bytea,
  mandate_sha256 text,
  provider text,
  -- The signature procedure's id (ours, or the provider's): named in the evidence file.
  procedure_id text UNIQUE,
  challenge_id uuid REFERENCES verification_challenges(id) ON DELETE SET NULL,
  session_id text,
  request_id uuid REFERENCES requests(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  closed_at timestamptz
);
CREATE INDEX bank_details_changes_member_idx ON bank_details_changes (member_id, created_at DESC);

-- Signed mandates: the sealed PDF and its SHA-256. The RUM is unique per creditor; a new mandate replaces
-- the one in force (replaced_at).
CREATE TABLE sepa_mandates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  change_id uuid NOT NULL UNIQUE REFERENCES bank_details_changes(id),
  rum text NOT NULL,
  iban text NOT NULL,
  bic text,
  holder text NOT NULL,
  place text NOT NULL,
  signed_at timestamptz NOT NULL,
  signed_pdf bytea NOT NULL,
  signed_sha256 text NOT NULL,
  replaced_at timestamptz
);
CREATE UNIQUE INDEX sepa_mandates_tenant_rum_uq ON sepa_mandates (tenant_id, rum);
CREATE INDEX sepa_mandates_member_idx ON sepa_mandates (member_id, signed_at DESC);

-- The evidence file of a signature: one JSON document and its SHA-256, append-only.
CREATE TABLE signature_evidence (
  mandate_id uuid PRIMARY KEY REFERENCES sepa_mandates(id) ON DELETE CASCADE,
  evidence jsonb NOT NULL,
  evidence_sha256 text NOT NULL,
  created_at timestamptz NOT NULL
);

-- The event log of a change's signature procedure, in order (copied into the evidence file).
CREATE TABLE signature_events (
  id bigserial PRIMARY KEY,
  change_id uuid NOT NULL REFERENCES bank_details_changes(id) ON DELETE CASCADE,
  event text NOT NULL,
  at timestamptz NOT NULL,
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX signature_events_change_idx ON signature_events (change_id, id);
