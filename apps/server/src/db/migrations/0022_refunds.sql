-- Refunds ("remboursements") and their sub-acts. Amounts in integer cents, dates as date.
CREATE TABLE refunds (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  beneficiary_id uuid NOT NULL REFERENCES beneficiaries(id),
  -- The beneficiary's rank as a filter value, kept on the row so the filtered list needs no join.
  beneficiary_type text NOT NULL CHECK (beneficiary_type IN ('main', 'partner', 'child')),
  reference text NOT NULL,
  care_date date NOT NULL,
  payment_date date NOT NULL,
  act_family text NOT NULL CHECK (act_family IN ('consultation', 'pharmacy', 'analysis', 'dental', 'optical', 'hearing', 'hospital', 'alternative_medicine', 'paramedical')),
  act_wording text NOT NULL,
  payment_target text NOT NULL CHECK (payment_target IN ('insured', 'health_professional', 'included_in_other_payment', 'other_mutual', 'bank_account')),
  third_party_name text,
  total_cost_cents integer NOT NULL CHECK (total_cost_cents >= 0),
  social_security_cents integer NOT NULL CHECK (social_security_cents >= 0),
  other_mutual_cents integer NOT NULL CHECK (other_mutual_cents >= 0),
  product_cents integer NOT NULL CHECK (product_cents >= 0),
  remaining_charge_cents integer NOT NULL CHECK (remaining_charge_cents >= 0),
  social_security_rate smallint NOT NULL CHECK (social_security_rate BETWEEN 0 AND 100),
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The refunds page: one member, newest care first, keyset-paged on (care_date, id). The filter
-- columns ride along (INCLUDE) so that filtering and counting read the index, never the whole table:
-- the cost follows the member's own rows, not the table's size.
CREATE INDEX refunds_member_care_idx ON refunds (member_id, care_date DESC, id DESC) INCLUDE (beneficiary_type, act_family);
CREATE UNIQUE INDEX refunds_member_reference_uq ON refunds (member_id, reference);

CREATE TABLE refund_acts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  refund_id uuid NOT NULL REFERENCES refunds(id) ON DELETE CASCADE,
  position integer NOT NULL,
  act_code text NOT NULL,
  wording text NOT NULL,
  care_date date NOT NULL,
  quantity integer NOT NULL DEFAULT 1 CHECK (quantity > 0),
  billed_cents integer NOT NULL CHECK (billed_cents >= 0),
  social_security_base_cents integer NOT NULL CHECK (social_security_base_cents >= 0),
  social_security_rate smallint NOT NULL CHECK (social_security_rate BETWEEN 0 AND 100),
  social_security_cents integer NOT NULL CHECK (social_security_cents >= 0),
  other_mutual_cents integer NOT NULL CHECK (other_mutual_cents >= 0),
  product_cents integer NOT NULL CHECK (product_cents >= 0),
  remaining_charge_cents integer NOT NULL CHECK (remaining_charge_cents >= 0)
);
CREATE UNIQUE INDEX refund_acts_refund_position_uq ON refund_acts (refund_id, position);
