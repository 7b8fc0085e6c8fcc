-- Retention (docs/data-protection.md): when a member who left was anonymised, and every run of the
-- nightly retention job with what each rule removed — the proof that the table is applied.
ALTER TABLE members ADD COLUMN anonymised_at timestamptz;

CREATE TABLE retention_runs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  started_at timestamptz NOT NULL,
  finished_at timestamptz,
  removed jsonb NOT NULL DEFAULT '{}'
);
CREATE INDEX retention_runs_finished_idx ON retention_runs (finished_at);

-- The retention rules look these up every night.
CREATE INDEX sessions_last_seen_idx ON sessions (last_seen_at);
CREATE INDEX audit_events_at_idx ON audit_events (at);
