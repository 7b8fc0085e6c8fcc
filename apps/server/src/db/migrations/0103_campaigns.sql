-- Campaigns: the member's notifications (insured.notifications; upload type 1 = the
-- schooling campaign), the answers per child, the tenant's first-connection tutorial
-- (entityTutorialDtos) and the exit survey before the old insured space.

-- The insurer waits for an upload of a type from the member (open until closed_at).
CREATE TABLE member_notifications (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  upload_type integer NOT NULL,
  campaign_year integer NOT NULL CHECK (campaign_year BETWEEN 2000 AND 2100),
  created_at timestamptz NOT NULL DEFAULT now(),
  closed_at timestamptz
);
CREATE INDEX member_notifications_member_idx ON member_notifications (member_id);

-- One answer per child and campaign: the certificate sent (with its request), later, not schooled.
CREATE TABLE schooling_answers (
  notification_id uuid NOT NULL REFERENCES member_notifications(id) ON DELETE CASCADE,
  beneficiary_id uuid NOT NULL REFERENCES beneficiaries(id) ON DELETE CASCADE,
  choice text NOT NULL CHECK (choice IN ('UPLOAD', 'LATER', 'NOT_SCHOOLED')),
  request_id uuid REFERENCES requests(id) ON DELETE SET NULL,
  answered_at timestamptz NOT NULL,
  PRIMARY KEY (notification_id, beneficiary_id),
  CHECK (choice = 'UPLOAD' OR request_id IS NULL)
);

-- The tenant's first-connection tutorial, step by step.
CREATE TABLE tutorial_steps (
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  position integer NOT NULL CHECK (position > 0),
  title text NOT NULL,
  body text NOT NULL,
  PRIMARY KEY (tenant_id, position)
);

-- Why a member goes back to the old insured space.
CREATE TABLE exit_survey_answers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  reason text NOT NULL CHECK (reason IN ('HABIT', 'MISSING', 'SLOW', 'HARD', 'OTHER')),
  comment text NOT NULL DEFAULT '',
  created_at timestamptz NOT NULL
);
CREATE INDEX exit_survey_answers_tenant_idx ON exit_survey_answers (tenant_id, created_at);
