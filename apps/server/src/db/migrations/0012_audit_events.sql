-- Sign-in and other sensitive events. details never holds a secret (password, code, session id, token).
CREATE TABLE audit_events (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  at timestamptz NOT NULL,
  tenant_id text,
  member_id uuid REFERENCES members(id) ON DELETE SET NULL,
  kind text NOT NULL,
  ip text,
  details jsonb NOT NULL DEFAULT '{}'::jsonb
);
CREATE INDEX audit_events_member_idx ON audit_events (member_id, at);
CREATE INDEX audit_events_kind_idx ON audit_events (kind, at);
