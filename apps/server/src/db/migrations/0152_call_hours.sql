-- The phone line's hours day by day (dayCallHourRates of the global details): one row per open day,
-- Paris time. A day without a row is closed. The contact page's sentence (tenant_contact_channels.call_hours)
-- says the same in words.
CREATE TABLE tenant_call_hours (
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  day_of_week smallint NOT NULL CHECK (day_of_week BETWEEN 1 AND 7),
  opens_at time NOT NULL,
  closes_at time NOT NULL CHECK (closes_at > opens_at),
  PRIMARY KEY (tenant_id, day_of_week)
);
SELECT watch_changes('tenant_call_hours', 'tenant');
