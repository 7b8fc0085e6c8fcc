-- A member's change of refund account is checked by the back office before it is in
-- force. REQUEST_SENT now means « en cours de vérification »; the case's decision makes it ACCEPTED (the
-- account in force) or REFUSED (the account in force unchanged). At most one pending per person.

ALTER TABLE bank_details_changes DROP CONSTRAINT IF EXISTS bank_details_changes_status_check;
ALTER TABLE bank_details_changes ADD CONSTRAINT bank_details_changes_status_check
  CHECK (status IN ('REQUEST_SENT', 'AWAITING_SIGNATURE', 'SIGNED', 'CANCELLED', 'ACCEPTED', 'REFUSED'));
-- Refund changes sent before this migration were put in force at once: they are accepted ones.
UPDATE bank_details_changes SET status = 'ACCEPTED' WHERE usage = 'refund' AND status = 'REQUEST_SENT';
CREATE UNIQUE INDEX IF NOT EXISTS bank_details_changes_pending_refund_uq ON bank_details_changes (member_id, family_position)
  WHERE usage = 'refund' AND status = 'REQUEST_SENT';
