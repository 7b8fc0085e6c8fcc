-- The back office's member search reads one index per way of finding a member (modules/backoffice/
-- member-search.ts): the start of an e-mail address, of « prénom nom », of « nom prénom », lower-cased.
-- text_pattern_ops: a LIKE 'start%' uses them whatever the database's collation.
CREATE INDEX contacts_email_prefix_idx ON contacts (lower(email) text_pattern_ops);
CREATE INDEX beneficiaries_main_surname_prefix_idx ON beneficiaries (lower(sur_name || ' ' || first_name) text_pattern_ops) WHERE family_position = 1;
CREATE INDEX beneficiaries_main_first_name_prefix_idx ON beneficiaries (lower(first_name || ' ' || sur_name) text_pattern_ops) WHERE family_position = 1;
