-- Third-party-payment card: the tenant's card issuer data (AMC number, care network, operator, and
-- whether the management centre issues the card online) and the paper resends (30-day rule).
CREATE TABLE tp_card_issuers (
  tenant_id text PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
  amc_number text NOT NULL,
  care_network text NOT NULL,
  operator text NOT NULL,
  dematerialised boolean NOT NULL DEFAULT true
);

CREATE TABLE tp_card_resends (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  request_id uuid NOT NULL REFERENCES requests(id) ON DELETE CASCADE,
  requested_at timestamptz NOT NULL
);
CREATE INDEX tp_card_resends_member_idx ON tp_card_resends (member_id, requested_at DESC);
