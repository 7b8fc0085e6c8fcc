-- The development outbox keeps text messages (SMS) beside the mails.
ALTER TABLE dev_outbox ADD COLUMN channel text NOT NULL DEFAULT 'EMAIL' CHECK (channel IN ('EMAIL', 'SMS'));
