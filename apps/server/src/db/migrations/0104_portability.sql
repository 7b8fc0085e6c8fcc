-- France Travail portability: the member's previous collective contract
-- (its first and last days: the portability's length and start), and the monthly France Travail
-- proofs received, each a supporting-document request.

CREATE TABLE portability_periods (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  collective_start date NOT NULL,
  collective_end date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (collective_end >= collective_start)
);
CREATE INDEX portability_periods_member_idx ON portability_periods (member_id);

-- One proof per portability and calendar month (YYYY-MM, Paris).
CREATE TABLE portability_proofs (
  portability_id uuid NOT NULL REFERENCES portability_periods(id) ON DELETE CASCADE,
  month text NOT NULL CHECK (month ~ '^[0-9]{4}-[0-9]{2}$'),
  request_id uuid REFERENCES requests(id) ON DELETE SET NULL,
  sent_at timestamptz NOT NULL,
  PRIMARY KEY (portability_id, month)
);
