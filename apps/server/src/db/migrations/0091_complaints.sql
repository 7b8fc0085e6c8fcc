-- Complaints (claim-page, ACPR 2022-R-01 deadlines) and the tenant's contact channels (contact-us).

CREATE TABLE complaints (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  request_id uuid NOT NULL REFERENCES requests(id) ON DELETE CASCADE,
  subject text NOT NULL,
  theme text NOT NULL,
  comment text NOT NULL,
  received_at timestamptz NOT NULL,
  -- 10 jours ouvrables (Monday–Saturday, French public holidays excluded) and 2 months after receipt.
  acknowledge_by date NOT NULL,
  answer_by date NOT NULL
);
CREATE INDEX complaints_member_idx ON complaints (member_id, received_at DESC);

-- companySpecificities CALL_HOURS, the phone number and the post address of the tenant.
CREATE TABLE tenant_contact_channels (
  tenant_id text PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
  phone text NOT NULL,
  call_hours text NOT NULL DEFAULT 'Du lundi au vendredi de 8 h 30 à 18 h 00',
  post_address text[] NOT NULL
);
