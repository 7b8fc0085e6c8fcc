-- The guarantees engine's data: each tenant's products as versioned data, who holds which product
-- from which date, the member's regime, the national tariff catalogue (dated parameters and care acts,
-- each row with its source and whether it is verified), the allowance counters, and what a refund line
-- was paid with (the engine's figures, version and explanation).

-- A product's guarantees in force from valid_from (structured: formula, limits, match), validated by
-- the server against the engine's schema before they are written. The legal caps are not repeated in
-- the data: responsable tells the engine to apply them.
CREATE TABLE guarantee_product_versions (
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  code text NOT NULL,
  valid_from date NOT NULL,
  label text NOT NULL,
  responsable boolean NOT NULL,
  guarantees jsonb NOT NULL CHECK (jsonb_typeof(guarantees) = 'array'),
  PRIMARY KEY (tenant_id, code, valid_from)
);
SELECT watch_changes('guarantee_product_versions', 'tenant');

-- Which product a person of a member's contract holds, from which date (valid_to null: ongoing).
CREATE TABLE beneficiary_products (
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  family_position integer NOT NULL,
  product_code text NOT NULL,
  valid_from date NOT NULL,
  valid_to date,
  PRIMARY KEY (member_id, family_position, valid_from),
  CHECK (valid_to IS NULL OR valid_to >= valid_from)
);
SELECT watch_changes('beneficiary_products', 'member');

-- The compulsory scheme: Alsace-Moselle's local regime pays a larger part of the co-payment.
ALTER TABLE beneficiaries ADD COLUMN regime text NOT NULL DEFAULT 'GENERAL' CHECK (regime IN ('GENERAL', 'ALSACE_MOSELLE'));

-- National tariffs (the same for every tenant). A value changes by a new row with a later valid_from.
CREATE TABLE tariff_parameters (
  key text NOT NULL,
  valid_from date NOT NULL,
  value integer NOT NULL,
  unit text NOT NULL CHECK (unit IN ('CENTS', 'COUNT', 'PERCENT')),
  label text NOT NULL,
  status text NOT NULL CHECK (status IN ('VERIFIED', 'TO_CONFIRM')),
  source text NOT NULL,
  PRIMARY KEY (key, valid_from)
);
SELECT watch_changes('tariff_parameters', 'all');

-- A care act as in force from valid_from: the searchable columns, and the whole act for the engine.
CREATE TABLE care_acts (
  code text NOT NULL,
  valid_from date NOT NULL,
  label text NOT NULL,
  heading text NOT NULL,
  family text NOT NULL,
  act jsonb NOT NULL CHECK (jsonb_typeof(act) = 'object'),
  status text NOT NULL CHECK (status IN ('VERIFIED', 'TO_CONFIRM')),
  source text NOT NULL,
  PRIMARY KEY (code, valid_from)
);
SELECT watch_changes('care_acts', 'all');

-- The care-act search (GET /api/care-acts?q=): every word of an act's label and keywords, lower case
-- without accents, in the C collation so that a btree answers `word LIKE 'osteo%'` from the index
-- (no extension needed, the same on PGlite and on a server).
CREATE TABLE care_act_words (
  word text COLLATE "C" NOT NULL,
  code text NOT NULL,
  PRIMARY KEY (word, code)
);
SELECT watch_changes('care_act_words', 'all');

-- What is used of a limited guarantee in one period, per person (family_position) or per family
-- (family_position 0). A calendar year runs 1 January–31 December; a rolling period starts on the
-- care date of its first use (one equipment every 2 years from its purchase). Consumed by a
-- conditional update in the transaction that publishes a refund: used never passes max.
CREATE TABLE allowance_counters (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  family_position integer NOT NULL,
  guarantee_code text NOT NULL,
  limit_index smallint NOT NULL,
  unit text NOT NULL CHECK (unit IN ('EUR', 'ACTS', 'DAYS', 'EQUIPMENT')),
  period_start date NOT NULL,
  period_end date NOT NULL,
  used integer NOT NULL DEFAULT 0,
  max integer NOT NULL,
  CHECK (used >= 0 AND used <= max AND period_end >= period_start),
  UNIQUE (member_id, family_position, guarantee_code, limit_index, period_start)
);
SELECT watch_changes('allowance_counters', 'member');

-- What each published refund took from which counter: given back if the refund is cancelled.
CREATE TABLE allowance_uses (
  refund_id uuid NOT NULL REFERENCES refunds(id) ON DELETE CASCADE,
  counter_id uuid NOT NULL REFERENCES allowance_counters(id) ON DELETE CASCADE,
  amount integer NOT NULL CHECK (amount > 0),
  PRIMARY KEY (refund_id, counter_id)
);
SELECT watch_changes('allowance_uses', 'refund');

-- A refund line as the engine computed it. Lines paid before the engine keep engine_version null.
ALTER TABLE refund_acts
  ADD COLUMN amo_gross_cents integer,
  ADD COLUMN participation_cents integer NOT NULL DEFAULT 0,
  ADD COLUMN franchise_cents integer NOT NULL DEFAULT 0,
  ADD COLUMN caps_applied jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN steps jsonb NOT NULL DEFAULT '[]',
  ADD COLUMN guarantee jsonb,
  ADD COLUMN allowance jsonb,
  ADD COLUMN explanation text NOT NULL DEFAULT '',
  ADD COLUMN engine_version text,
  -- A back-office correction of the mutuelle's part: the engine's figure and the reason given.
  ADD COLUMN correction jsonb;
UPDATE refund_acts SET amo_gross_cents = social_security_cents;
ALTER TABLE refund_acts ALTER COLUMN amo_gross_cents SET NOT NULL;

-- A refund cancelled by the management centre: removed from the member's list (its allowances given
-- back in the same transaction), kept here as it was, with who cancelled it and why.
CREATE TABLE refund_cancellations (
  refund_id uuid PRIMARY KEY,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  reference text NOT NULL,
  reason text NOT NULL,
  cancelled_by uuid NOT NULL,
  cancelled_at timestamptz NOT NULL,
  snapshot jsonb NOT NULL
);
SELECT watch_changes('refund_cancellations', 'member');
