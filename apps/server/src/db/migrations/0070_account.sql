-- The member's account area: beneficiaries added or deleted through requests (10003,
-- 10004), teletransmission requests (10000), preferences, the social security funds list.

-- Flags of the family's rows the account pages change.
ALTER TABLE beneficiaries ADD COLUMN other_mutual boolean NOT NULL DEFAULT false;
ALTER TABLE beneficiaries ADD COLUMN use_main_bank_details boolean NOT NULL DEFAULT true;
ALTER TABLE addresses ADD COLUMN foreign_residence boolean NOT NULL DEFAULT false;

-- Details of an add-beneficiary request (10003): what the member declared, for the insurer.
CREATE TABLE beneficiary_additions (
  request_id uuid PRIMARY KEY REFERENCES requests(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('PARTNER', 'CHILD')),
  profile text NOT NULL,
  first_name text NOT NULL,
  sur_name text NOT NULL,
  sex text NOT NULL CHECK (sex IN ('M', 'F')),
  birth_date date NOT NULL,
  own_nir boolean NOT NULL,
  nir text,
  nir_key text,
  attached_parent text CHECK (attached_parent IN ('MAIN', 'PARTNER')),
  membership_start date NOT NULL,
  other_cover text NOT NULL CHECK (other_cover IN ('NONE', 'OTHER_MUTUAL', 'CSS')),
  alsace_moselle boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX beneficiary_additions_member_idx ON beneficiary_additions (member_id);

-- Details of a deletion request (10004). A request not yet 'done' is pending: no second one for the
-- same person meanwhile (checked under a lock on the beneficiary row).
CREATE TABLE beneficiary_deletions (
  request_id uuid PRIMARY KEY REFERENCES requests(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  beneficiary_id uuid NOT NULL REFERENCES beneficiaries(id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('DEATH', 'DIVORCE', 'SEPARATION', 'COMPULSORY_MUTUAL', 'NO_LONGER_DEPENDANT')),
  end_date date NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX beneficiary_deletions_beneficiary_idx ON beneficiary_deletions (beneficiary_id);
CREATE INDEX beneficiary_deletions_member_idx ON beneficiary_deletions (member_id);

-- Details of a teletransmission request (10000): the fund code given and the other-mutual toggle.
CREATE TABLE teletransmission_requests (
  request_id uuid PRIMARY KEY REFERENCES requests(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  beneficiary_id uuid NOT NULL REFERENCES beneficiaries(id) ON DELETE CASCADE,
  organisation_code text NOT NULL CHECK (organisation_code ~ '^[0-9]{6}([0-9]{3})?$'),
  other_mutual boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX teletransmission_requests_beneficiary_idx ON teletransmission_requests (beneficiary_id);
CREATE INDEX teletransmission_requests_member_idx ON teletransmission_requests (member_id);

-- The member's channels: health magazine, statements, third-party-payment card format.
CREATE TABLE member_preferences (
  member_id uuid PRIMARY KEY REFERENCES members(id) ON DELETE CASCADE,
  magazine_channel text NOT NULL DEFAULT 'EMAIL' CHECK (magazine_channel IN ('EMAIL', 'POST', 'NONE')),
  magazine_format text NOT NULL DEFAULT 'STANDARD' CHECK (magazine_format IN ('STANDARD', 'LARGE_PRINT')),
  statement_channel text NOT NULL DEFAULT 'ONLINE' CHECK (statement_channel IN ('ONLINE', 'POST')),
  card_format text NOT NULL DEFAULT 'DIGITAL' CHECK (card_format IN ('DIGITAL', 'PAPER')),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Social security funds ("code organisme": scheme 2 digits + fund 3 + centre 4). Obsolete
-- codes are attached to a primary fund now; some funds offer no teletransmission. `search` is the
-- label lowercased without accents.
CREATE TABLE organisation_codes (
  code text PRIMARY KEY CHECK (code ~ '^[0-9]{9}$'),
  label text NOT NULL,
  search text NOT NULL,
  obsolete boolean NOT NULL DEFAULT false,
  replaced_by text REFERENCES organisation_codes(code),
  teletransmission boolean NOT NULL DEFAULT true
);

INSERT INTO organisation_codes (code, label, search, obsolete, replaced_by, teletransmission) VALUES
  ('017510000', 'CPAM de Paris', 'cpam de paris', false, NULL, true),
  ('016910000', 'CPAM du Rhône', 'cpam du rhone', false, NULL, true),
  ('011310000', 'CPAM des Bouches-du-Rhône', 'cpam des bouches-du-rhone', false, NULL, true),
  ('013310000', 'CPAM de la Gironde', 'cpam de la gironde', false, NULL, true),
  ('015910000', 'CPAM de Lille-Douai', 'cpam de lille-douai', false, NULL, true),
  ('014410000', 'CPAM de Loire-Atlantique', 'cpam de loire-atlantique', false, NULL, true),
  ('016710000', 'CPAM du Bas-Rhin (régime local Alsace-Moselle)', 'cpam du bas-rhin (regime local alsace-moselle)', false, NULL, true),
  ('015710000', 'CPAM de la Moselle (régime local Alsace-Moselle)', 'cpam de la moselle (regime local alsace-moselle)', false, NULL, true),
  ('012010000', 'CPAM de la Corse-du-Sud', 'cpam de la corse-du-sud', false, NULL, true),
  ('027510000', 'MSA Île-de-France', 'msa ile-de-france', false, NULL, true),
  ('026910000', 'MSA Ain-Rhône', 'msa ain-rhone', false, NULL, true),
  ('037510000', 'RSI Île-de-France (ancien régime des indépendants)', 'rsi ile-de-france (ancien regime des independants)', true, '017510000', true),
  ('016017510', 'LMDE (ancienne sécurité sociale étudiante)', 'lmde (ancienne securite sociale etudiante)', true, '017510000', true),
  ('017500000', 'Caisse des Français de l’Étranger (CFE)', 'caisse des francais de l''etranger (cfe)', false, NULL, false),
  ('069910000', 'ENIM (marins)', 'enim (marins)', false, NULL, false);
