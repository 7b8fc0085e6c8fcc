-- The payment schedule (échéancier) of individually debited contributions: each direct debit the insurer
-- has set for an individual contract — its date, amount and the month of cover it pays. The insurer's
-- management system writes the coming contract year's debits before it starts; the member reads them in
-- « Mes contrats » and « Mes documents », and downloads them as a PDF (the pre-notification of each debit).
CREATE TABLE payment_schedule_debits (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  insurer_contract text NOT NULL,
  debit_date date NOT NULL,
  period_start date NOT NULL,
  period_end date NOT NULL CHECK (period_end >= period_start),
  amount_cents integer NOT NULL CHECK (amount_cents > 0)
);
CREATE UNIQUE INDEX payment_schedule_debits_uq ON payment_schedule_debits (member_id, insurer_contract, debit_date);
SELECT watch_changes('payment_schedule_debits', 'member');
