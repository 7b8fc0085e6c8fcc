-- Idempotent member submissions, used by every form that sends a request): the client sends
-- an Idempotency-Key per opened form; the same key from the same member answers the first result
-- instead of creating a second request (double click, retry after a dropped connection).
-- No foreign key to requests: the row is written first in the submitting transaction, so that a
-- concurrent duplicate waits on this unique key and then sees the committed first result.
CREATE TABLE request_submissions (
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  idempotency_key text NOT NULL,
  type_code integer NOT NULL,
  request_id uuid NOT NULL,
  -- What the route answered the first time (its `data`), answered again on a replay.
  result jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (member_id, idempotency_key)
);
