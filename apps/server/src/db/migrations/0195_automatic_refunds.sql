-- Refunds in a minute: claims checked before sending, decided by the engine when standard, paid by
-- SEPA credit transfer files.

-- What identifies an invoice among a member's claims. The unique indexes refuse the same invoice sent
-- twice (same file, or same practitioner, care date, amount and person) even by two requests at once;
-- without a practitioner, only the file tells (two same-day claims of one amount may be two invoices).
CREATE TABLE claim_fingerprints (
  request_id uuid PRIMARY KEY REFERENCES requests(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  beneficiary_id uuid NOT NULL REFERENCES beneficiaries(id) ON DELETE CASCADE,
  -- Lower case, letters and digits only ('' when the member gave none).
  practitioner text NOT NULL DEFAULT '',
  care_date date NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  invoice_sha256 text NOT NULL
);
CREATE UNIQUE INDEX claim_fingerprints_file_uq ON claim_fingerprints (member_id, invoice_sha256);
CREATE UNIQUE INDEX claim_fingerprints_invoice_uq ON claim_fingerprints (member_id, beneficiary_id, care_date, amount_cents, practitioner) WHERE practitioner <> '';
SELECT watch_changes('claim_fingerprints', 'member');

-- A tenant's rules for automatic decisions, one row per version (the highest is in force; none: the
-- defaults, version 0). Never updated: a decision names the version it applied.
CREATE TABLE auto_decision_rule_sets (
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  version integer NOT NULL CHECK (version > 0),
  rules jsonb NOT NULL,
  created_by uuid NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (tenant_id, version)
);
SELECT watch_changes('auto_decision_rule_sets', 'tenant');

-- The decision job's outcome for each claim: automatic (the refund it published) or to an agent (the
-- reasons and the engine's proposal). A post-check, when drawn, waits for a manager.
CREATE TABLE claim_decisions (
  request_id uuid PRIMARY KEY REFERENCES requests(id) ON DELETE CASCADE,
  tenant_id text NOT NULL,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  outcome text NOT NULL CHECK (outcome IN ('AUTOMATIC', 'MANUAL')),
  rule_version integer NOT NULL,
  reasons jsonb NOT NULL DEFAULT '[]',
  proposal jsonb,
  refund_id uuid,
  refund_cents integer NOT NULL DEFAULT 0,
  decided_at timestamptz NOT NULL,
  post_check text CHECK (post_check IN ('PENDING', 'CONFIRMED', 'REVERSED')),
  post_checked_by uuid,
  post_checked_at timestamptz,
  post_check_reason text
);
CREATE INDEX claim_decisions_post_check_idx ON claim_decisions (tenant_id, post_check, decided_at) WHERE post_check IS NOT NULL;
SELECT watch_changes('claim_decisions', 'member');

-- The account a tenant pays refunds from (the debtor of its transfer files).
CREATE TABLE payout_accounts (
  tenant_id text PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
  name text NOT NULL,
  iban text NOT NULL,
  bic text
);
SELECT watch_changes('payout_accounts', 'tenant');

-- A SEPA credit transfer file (pain.001.001.09), stored whole in the transaction that claimed its refunds.
CREATE TABLE payment_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  message_id text NOT NULL UNIQUE,
  execution_date date NOT NULL,
  xml text NOT NULL,
  transfer_count integer NOT NULL,
  transfer_total_cents bigint NOT NULL,
  listed_count integer NOT NULL,
  listed_total_cents bigint NOT NULL,
  created_at timestamptz NOT NULL,
  sent_at timestamptz,
  sent_by uuid
);
CREATE INDEX payment_files_tenant_idx ON payment_files (tenant_id, created_at DESC);
SELECT watch_changes('payment_files', 'tenant');

-- Each published refund in exactly one file: the primary key refuses a second claim of it, whatever
-- runs at the same time. A transfer (to the member or the beneficiary) or a third-party-payment refund
-- listed beside the file (paid to the professional, not by it). file_id null: paid before the files.
CREATE TABLE refund_payments (
  refund_id uuid PRIMARY KEY REFERENCES refunds(id) ON DELETE CASCADE,
  file_id uuid REFERENCES payment_files(id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('TRANSFER', 'THIRD_PARTY')),
  payee_name text NOT NULL,
  iban text,
  amount_cents integer NOT NULL,
  execution_date date NOT NULL,
  -- When the file was handed to the bank: the member then reads « virement émis ».
  issued_at timestamptz
);
CREATE INDEX refund_payments_file_idx ON refund_payments (file_id);
SELECT watch_changes('refund_payments', 'refund');
