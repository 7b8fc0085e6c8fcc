-- Counters shared by every instance: failures per IP address, per unknown identifier, repeated mail
-- requests, and the per-route request limits of @fastify/rate-limit.
CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY,
  hits integer NOT NULL,
  window_started_at timestamptz NOT NULL,
  blocked_until timestamptz
);
