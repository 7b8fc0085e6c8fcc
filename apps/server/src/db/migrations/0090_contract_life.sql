-- Contractual information (contractual-info, the global details' allSubscriptions/companyOptions) and
-- the online termination the law requires (code de la mutualité L221-10-3).

-- Per tenant and product: the annual due date and whether online termination is disabled for the
-- product (with the reason).
CREATE TABLE contract_products (
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  product_number text NOT NULL,
  due_month_day text NOT NULL DEFAULT '01-01' CHECK (due_month_day ~ '^(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])$'),
  termination_disabled_reason text,
  PRIMARY KEY (tenant_id, product_number)
);

-- The guarantees table of a product (shown for individual contracts; collective ones: from HR).
CREATE TABLE contract_guarantees (
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  product_number text NOT NULL,
  position smallint NOT NULL,
  category text NOT NULL,
  label text NOT NULL,
  value text NOT NULL,
  PRIMARY KEY (tenant_id, product_number, position)
);

-- Options subscribed on a contract: collective (through the employer) or individual (paid, terminable).
CREATE TABLE contract_options (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  insurer_contract text NOT NULL,
  code text NOT NULL,
  label text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('COLLECTIVE_OPTION', 'INDIVIDUAL_OPTION')),
  monthly_cents integer NOT NULL CHECK (monthly_cents >= 0),
  start_date date NOT NULL,
  end_date date
);
CREATE UNIQUE INDEX contract_options_member_code_uq ON contract_options (member_id, insurer_contract, code);

-- A termination: a draft (the summary the member checks) then, once confirmed, the request received
-- (received_at, the request of type 10030/10031). The dates are those computed by the rule.
CREATE TABLE terminations (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  status text NOT NULL CHECK (status IN ('DRAFT', 'CONFIRMED')),
  kind text NOT NULL CHECK (kind IN ('PAID_OPTIONS', 'INDIVIDUAL_CONTRACT')),
  sur_name text NOT NULL,
  first_name text NOT NULL,
  email text NOT NULL,
  insurer_contract text NOT NULL,
  option_codes text[] NOT NULL DEFAULT '{}',
  family_positions integer[] NOT NULL,
  reason text NOT NULL,
  reason_text text NOT NULL DEFAULT '',
  date date,
  effective_date date NOT NULL,
  last_covered_date date NOT NULL,
  basis text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  received_at timestamptz,
  request_id uuid REFERENCES requests(id) ON DELETE SET NULL
);
CREATE INDEX terminations_member_idx ON terminations (member_id, created_at DESC);

-- Demo contracts become terminable online: products of the demo individual contracts get a row in
-- the demo step; the default (no row) is a 1 January due date, termination allowed.
