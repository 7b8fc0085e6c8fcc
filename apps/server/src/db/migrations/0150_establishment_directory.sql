-- The establishment directory from the official FINESS extract (« FINESS Extraction du Fichier des
-- établissements », etalab-cs1100507: lines `structureet;…`, one per geographic establishment).
--
-- establishments gains what the extract says of each site: its legal entity, short name (rs; name keeps
-- the long one, rslongue), category and category group (the nomenclature's categetab/categagretab),
-- the extract's update date, whether the row is fictitious (generated demo rows: the sample extract
-- marks them in complrs), and the import that last listed it. A site missing from the latest complete
-- extract is closed (closed_on), not deleted: past hospital coverage requests point at it.
-- care_rank orders the search: hospitals (group 11xx) first, other establishments under the hospital
-- law (12xx) next, then the rest (health centres, médico-social…).
ALTER TABLE establishments
  ADD COLUMN legal_entity_finess text,
  ADD COLUMN short_name text,
  ADD COLUMN category_code text,
  ADD COLUMN category_label text,
  ADD COLUMN category_group_code text,
  ADD COLUMN category_group_label text,
  ADD COLUMN care_rank smallint NOT NULL DEFAULT 2,
  ADD COLUMN fictitious boolean NOT NULL DEFAULT false,
  ADD COLUMN updated_on date,
  ADD COLUMN import_id uuid,
  ADD COLUMN closed_on date;

-- The 13 public establishments listed by 0062 are hospitals.
UPDATE establishments SET care_rank = 0;

-- One import of one extract file (by its SHA-256): lines_done moves forward batch by batch, in the same
-- transaction as the batch's rows and only from the value the batch started at, so an interrupted import
-- resumes where it stopped and two runs of the same file never apply a batch twice.
CREATE TABLE establishment_imports (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  file_sha256 text NOT NULL UNIQUE CHECK (file_sha256 ~ '^[0-9a-f]{64}$'),
  extract_version text NOT NULL,
  extract_date date NOT NULL,
  total_lines integer NOT NULL CHECK (total_lines >= 0),
  lines_done integer NOT NULL DEFAULT 0 CHECK (lines_done >= 0 AND lines_done <= total_lines),
  establishments integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  closed integer,
  started_at timestamptz NOT NULL DEFAULT now(),
  finished_at timestamptz
);
