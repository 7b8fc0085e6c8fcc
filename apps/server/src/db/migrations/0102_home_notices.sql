-- What home tells the member first (global details announcement, isAnnouncementDisplayed,
-- alertDtoList, noemieStateDtoList).

-- The insurer's announcement to every member of the tenant, shown while displayed and in its window.
CREATE TABLE tenant_announcements (
  tenant_id text PRIMARY KEY REFERENCES tenants(id) ON DELETE CASCADE,
  message text NOT NULL,
  displayed boolean NOT NULL DEFAULT true,
  starts_at timestamptz,
  ends_at timestamptz
);

-- Alerts: to one member (member_id), or to the whole tenant (member_id null), in a window.
CREATE TABLE member_alerts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  member_id uuid REFERENCES members(id) ON DELETE CASCADE,
  level text NOT NULL CHECK (level IN ('info', 'warning', 'critical')),
  title text NOT NULL,
  message text NOT NULL,
  link_path text,
  link_label text,
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  CHECK ((link_path IS NULL) = (link_label IS NULL))
);
CREATE INDEX member_alerts_member_idx ON member_alerts (tenant_id, member_id);

-- The Noémie link of a beneficiary with the fund (one current state each).
CREATE TABLE noemie_states (
  beneficiary_id uuid PRIMARY KEY REFERENCES beneficiaries(id) ON DELETE CASCADE,
  state text NOT NULL CHECK (state IN ('REQUESTED', 'CONNECTED', 'REJECTED', 'DISCONNECTED')),
  reason text,
  since date NOT NULL
);
