-- Personal data encrypted by the application (lib/field-crypto.ts, docs/decisions/030-encryption-at-rest.md):
-- each tenant's data key, wrapped by a master key kept outside the database; NIRs, bank details and
-- document bytes keep their columns, which now hold ciphertext (`enc1:…` text, `MENC` bytes); equality
-- look-ups go through keyed hashes. Rows written before this migration are encrypted at the next start
-- (db/encrypt-existing.ts): SQL cannot, the keys never enter the database.
CREATE TABLE tenant_data_keys (
  id uuid PRIMARY KEY,
  tenant_id text NOT NULL UNIQUE REFERENCES tenants(id) ON DELETE CASCADE,
  master_key_id text NOT NULL,
  wrapped_key bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  rewrapped_at timestamptz
);

ALTER TABLE beneficiaries ADD COLUMN nir_hmac text;
DROP INDEX beneficiaries_main_nir_idx;
CREATE INDEX beneficiaries_main_nir_hmac_idx ON beneficiaries (nir_hmac) WHERE rank = 'MAIN';
CREATE INDEX beneficiaries_nir_hmac_idx ON beneficiaries (nir_hmac);

ALTER TABLE bank_accounts ADD COLUMN iban_hmac text;
ALTER TABLE bank_details_changes ADD COLUMN iban_hmac text;
