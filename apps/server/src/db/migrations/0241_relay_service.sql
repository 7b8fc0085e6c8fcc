-- The relay service a deaf or hard-of-hearing member uses to reach the phone line (written
-- transcription, LSF, LPC), over the line's own hours (tenant_call_hours). Empty provider: none set.
ALTER TABLE tenant_contact_channels
  ADD COLUMN relay_provider text NOT NULL DEFAULT '',
  ADD COLUMN relay_url text NOT NULL DEFAULT '',
  ADD COLUMN relay_phone text NOT NULL DEFAULT '';
