-- Where the tenant's NIR_LOGIN toggle is on, a member may sign in
-- with the main insured's NIR and key. Nothing new is stored: the account only records the choice; the
-- NIR stays in beneficiaries, looked up through the partial index below.
ALTER TABLE accounts DROP CONSTRAINT accounts_login_type_check;
ALTER TABLE accounts ADD CONSTRAINT accounts_login_type_check CHECK (login_type IN ('EMAIL', 'MEMBERSHIP_NUMBER', 'NIR'));
CREATE INDEX beneficiaries_main_nir_idx ON beneficiaries (nir, nir_key) WHERE rank = 'MAIN';
