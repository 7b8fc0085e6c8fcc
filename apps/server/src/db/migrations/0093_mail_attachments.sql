-- Mails may carry files (the third-party-payment card PDF sent by e-mail): kept with the mail in the
-- development outbox so that it can be read there.
ALTER TABLE dev_outbox ADD COLUMN attachments jsonb;
