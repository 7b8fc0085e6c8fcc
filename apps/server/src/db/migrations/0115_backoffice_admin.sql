-- Back-office administration and staff security: the last TOTP time step accepted
-- per staff member, so that a code is refused when used a second time within its window.
ALTER TABLE staff ADD COLUMN totp_last_step bigint;
