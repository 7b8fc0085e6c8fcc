-- Hospital coverage requests (home/hospital-care): the establishment, the dates and the hospitalisation type.
--
-- establishments: the directory the member searches by name or FINESS number. Public reference data
-- (FINESS numbers of real public establishments), the same for every tenant. search_text is the name,
-- FINESS, city and postal code lower-cased without accents or punctuation (contracts
-- establishmentSearchText, written with the row); the GIN full-text index on it answers word-prefix
-- searches (« pitie salp », « 7507 ») without the unaccent extension, which PGlite does not load here.
CREATE TABLE establishments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  finess text NOT NULL UNIQUE,
  name text NOT NULL,
  city text NOT NULL,
  postal_code text NOT NULL,
  search_text text NOT NULL
);
CREATE INDEX establishments_search_idx ON establishments USING gin (to_tsvector('simple', search_text));

INSERT INTO establishments (finess, name, city, postal_code, search_text) VALUES
  ('750712184', 'Assistance Publique – Hôpitaux de Paris (AP-HP)', 'Paris', '75004', 'assistance publique hopitaux de paris ap hp 750712184 paris 75004'),
  ('750100125', 'Hôpital universitaire Pitié-Salpêtrière (AP-HP)', 'Paris', '75013', 'hopital universitaire pitie salpetriere ap hp 750100125 paris 75013'),
  ('750100208', 'Hôpital Necker-Enfants malades (AP-HP)', 'Paris', '75015', 'hopital necker enfants malades ap hp 750100208 paris 75015'),
  ('750803447', 'Hôpital européen Georges-Pompidou (AP-HP)', 'Paris', '75015', 'hopital europeen georges pompidou ap hp 750803447 paris 75015'),
  ('130786049', 'Assistance Publique – Hôpitaux de Marseille (AP-HM)', 'Marseille', '13005', 'assistance publique hopitaux de marseille ap hm 130786049 marseille 13005'),
  ('690781810', 'Hospices civils de Lyon (HCL)', 'Lyon', '69002', 'hospices civils de lyon hcl 690781810 lyon 69002'),
  ('330781196', 'Centre hospitalier universitaire de Bordeaux', 'Bordeaux', '33000', 'centre hospitalier universitaire de bordeaux 330781196 bordeaux 33000'),
  ('310781406', 'Centre hospitalier universitaire de Toulouse', 'Toulouse', '31059', 'centre hospitalier universitaire de toulouse 310781406 toulouse 31059'),
  ('590780193', 'Centre hospitalier universitaire de Lille', 'Lille', '59037', 'centre hospitalier universitaire de lille 590780193 lille 59037'),
  ('440000289', 'Centre hospitalier universitaire de Nantes', 'Nantes', '44093', 'centre hospitalier universitaire de nantes 440000289 nantes 44093'),
  ('670780055', 'Hôpitaux universitaires de Strasbourg', 'Strasbourg', '67091', 'hopitaux universitaires de strasbourg 670780055 strasbourg 67091'),
  ('340780477', 'Centre hospitalier universitaire de Montpellier', 'Montpellier', '34295', 'centre hospitalier universitaire de montpellier 340780477 montpellier 34295'),
  ('350005179', 'Centre hospitalier universitaire de Rennes', 'Rennes', '35033', 'centre hospitalier universitaire de rennes 350005179 rennes 35033');

-- The request's form beyond the request itself (a `message` request of code 10019 hospital_care). The
-- establishment is the directory's row, or the one typed by the member (name, FINESS, Adeli) copied here.
CREATE TABLE hospital_care_details (
  request_id uuid PRIMARY KEY REFERENCES requests(id) ON DELETE CASCADE,
  admission_date date NOT NULL,
  release_date date,
  dmt text CHECK (dmt ~ '^[0-9]{3}$'),
  hospitalization_type text NOT NULL,
  establishment_id uuid REFERENCES establishments(id),
  establishment_name text NOT NULL,
  establishment_finess text NOT NULL,
  establishment_adeli text,
  act text NOT NULL CHECK (act <> ''),
  comment text NOT NULL DEFAULT '',
  duration_days smallint CHECK (duration_days BETWEEN 0 AND 365)
);
