-- Development outbox: mails kept here instead of sent when SMTP_URL is unset (never in production).
CREATE TABLE dev_outbox (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Insertion order (several mails may share a timestamp).
  seq bigint GENERATED ALWAYS AS IDENTITY,
  tenant_id text,
  kind text NOT NULL,
  to_address text NOT NULL,
  from_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX dev_outbox_seq_idx ON dev_outbox (seq);
