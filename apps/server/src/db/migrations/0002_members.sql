CREATE TABLE members (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id),
  membership_number text NOT NULL CHECK (membership_number ~ '^[0-9]{8}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX members_tenant_number_uq ON members (tenant_id, membership_number);

CREATE TABLE beneficiaries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  family_position integer NOT NULL,
  rank text NOT NULL CHECK (rank IN ('MAIN', 'PARTNER', 'CHILD', 'OTHER')),
  first_name text NOT NULL,
  sur_name text NOT NULL,
  legal_name text,
  birth_date date NOT NULL,
  sex text NOT NULL CHECK (sex IN ('M', 'F')),
  nir text,
  nir_key text,
  insured boolean NOT NULL DEFAULT true,
  teletransmission text NOT NULL DEFAULT 'INACTIVE' CHECK (teletransmission IN ('INACTIVE', 'ACTIVE', 'NOT_WISHED')),
  organisation_code text
);
CREATE UNIQUE INDEX beneficiaries_member_position_uq ON beneficiaries (member_id, family_position);

CREATE TABLE contacts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  email text,
  secondary_email text,
  mobile_number text,
  phone_number text
);
CREATE INDEX contacts_member_idx ON contacts (member_id);

CREATE TABLE addresses (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  line1 text,
  line2 text,
  line3 text,
  zip_code text,
  city text,
  country text NOT NULL DEFAULT 'France'
);
CREATE INDEX addresses_member_idx ON addresses (member_id);

CREATE TABLE contracts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  family_position integer NOT NULL,
  kind text NOT NULL CHECK (kind IN ('COLLECTIVE', 'INDIVIDUAL')),
  label text NOT NULL,
  insurer_contract text NOT NULL,
  product_number text NOT NULL,
  company_id text,
  base_option_code text NOT NULL,
  incoming_date date NOT NULL,
  outgoing_date date
);
CREATE INDEX contracts_member_idx ON contracts (member_id);
