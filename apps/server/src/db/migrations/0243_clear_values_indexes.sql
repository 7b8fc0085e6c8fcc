-- Each instance's start looks for values an older version stored in clear (db/encrypt-existing.ts).
-- These partial indexes hold only such rows, so that look-up reads an empty index instead of the whole
-- table (documents' bytes included) at every restart; their predicates are the look-up's conditions,
-- word for word, or the planner cannot use them.
CREATE INDEX beneficiaries_nir_in_clear_idx ON beneficiaries (id)
  WHERE nir IS NOT NULL AND (nir NOT LIKE 'enc1:%' OR nir_hmac IS NULL);
CREATE INDEX beneficiary_additions_nir_in_clear_idx ON beneficiary_additions (request_id)
  WHERE nir IS NOT NULL AND nir NOT LIKE 'enc1:%';
CREATE INDEX bank_accounts_iban_in_clear_idx ON bank_accounts (id) WHERE iban NOT LIKE 'enc1:%';
CREATE INDEX bank_details_changes_iban_in_clear_idx ON bank_details_changes (id) WHERE iban NOT LIKE 'enc1:%';
CREATE INDEX sepa_mandates_iban_in_clear_idx ON sepa_mandates (id) WHERE iban NOT LIKE 'enc1:%';
CREATE INDEX stored_file_contents_in_clear_idx ON stored_file_contents (file_id)
  WHERE substring(content from 1 for 5) <> '\x4d454e4301'::bytea;
CREATE INDEX bo_approval_files_in_clear_idx ON bo_approval_files (approval_id)
  WHERE substring(content from 1 for 5) <> '\x4d454e4301'::bytea;
-- The planner has no statistics on a byte string's first bytes: without these it expects nearly every
-- document to be in clear and, under a LIMIT, prefers a sequential scan that then reads the whole table.
-- The text columns need none: their statistics show every value starting with `enc1:`.
CREATE STATISTICS stored_file_contents_header_stats ON (substring(content from 1 for 5)) FROM stored_file_contents;
CREATE STATISTICS bo_approval_files_header_stats ON (substring(content from 1 for 5)) FROM bo_approval_files;
