-- Back office: staff accounts with TOTP, their tenants and sessions, the case of every
-- member request (status, assignee, priority, deadlines from a per-tenant SLA table), internal notes,
-- and the one-time handoff that opens a member session flagged back-office.

CREATE TABLE staff (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- Lower-cased; the sign-in identifier.
  email text NOT NULL UNIQUE,
  display_name text NOT NULL,
  role text NOT NULL CHECK (role IN ('agent', 'manager', 'derogator', 'administrator')),
  -- argon2id, as members.
  password_hash text NOT NULL,
  -- RFC 6238 secret (base32), kept until replaced; enrolment is done once totp_confirmed_at is set.
  totp_secret text,
  totp_confirmed_at timestamptz,
  -- SHA-256 of each unused recovery code.
  recovery_code_hashes text[] NOT NULL DEFAULT '{}',
  -- A staff member who is also a member never enters that member's space.
  member_id uuid REFERENCES members(id) ON DELETE SET NULL,
  consecutive_failures integer NOT NULL DEFAULT 0,
  blocked_until timestamptz,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE staff_tenants (
  staff_id uuid NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  tenant_id text NOT NULL REFERENCES tenants(id),
  PRIMARY KEY (staff_id, tenant_id)
);

-- Staff sessions: the id is the SHA-256 of the cookie value. Stage PASSWORD: the password step passed,
-- the TOTP step pending; ACTIVE: signed in. The role at sign-in: a role change ends the session.
CREATE TABLE staff_sessions (
  id text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  stage text NOT NULL CHECK (stage IN ('PASSWORD', 'ACTIVE')),
  role text NOT NULL,
  created_at timestamptz NOT NULL,
  last_seen_at timestamptz NOT NULL,
  ended_at timestamptz,
  end_reason text,
  ip text
);
CREATE INDEX staff_sessions_staff_idx ON staff_sessions (staff_id, created_at);

-- Deadlines per tenant and kind family ('claim' for complaints), in calendar days.
CREATE TABLE case_sla (
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  family text NOT NULL CHECK (family IN ('supporting_document', 'bill', 'document', 'quotation', 'message', 'claim')),
  days integer NOT NULL CHECK (days BETWEEN 1 AND 365),
  PRIMARY KEY (tenant_id, family)
);

-- One case per member request, created with it (trigger below) whichever module inserts the request.
CREATE TABLE cases (
  request_id uuid PRIMARY KEY REFERENCES requests(id) ON DELETE CASCADE,
  tenant_id text NOT NULL,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  type_code integer NOT NULL,
  state text NOT NULL DEFAULT 'OPEN' CHECK (state IN ('OPEN', 'CLOSED')),
  assignee_id uuid REFERENCES staff(id) ON DELETE SET NULL,
  -- 1 high, 2 normal, 3 low.
  priority smallint NOT NULL DEFAULT 2 CHECK (priority BETWEEN 1 AND 3),
  due_at timestamptz NOT NULL,
  -- Complaints: the acknowledgement deadline (10 working days); null once acknowledged or for other kinds.
  ack_due_at timestamptz,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
-- The queue: open cases of a tenant by deadline; « assigned to me » by deadline.
CREATE INDEX cases_tenant_queue_idx ON cases (tenant_id, state, due_at, request_id);
CREATE INDEX cases_assignee_queue_idx ON cases (assignee_id, state, due_at, request_id);
CREATE INDEX cases_member_idx ON cases (member_id, state, due_at, request_id);

CREATE TABLE case_notes (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  request_id uuid NOT NULL REFERENCES requests(id) ON DELETE CASCADE,
  staff_id uuid NOT NULL REFERENCES staff(id),
  body text NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE INDEX case_notes_request_idx ON case_notes (request_id, created_at);

-- One-time tokens that open a member session from the back office (30 s, single use, valid only while
-- the staff session that asked for it is active).
CREATE TABLE handoff_tokens (
  id text PRIMARY KEY,
  staff_id uuid NOT NULL REFERENCES staff(id) ON DELETE CASCADE,
  staff_session_id text NOT NULL REFERENCES staff_sessions(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  tenant_id text NOT NULL REFERENCES tenants(id),
  mode text NOT NULL CHECK (mode IN ('READ_ONLY', 'DEROGATION')),
  reason text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz
);

-- A member session opened through a handoff: who entered, how, why, from which staff session.
ALTER TABLE sessions ADD COLUMN bo_mode text CHECK (bo_mode IN ('READ_ONLY', 'DEROGATION'));
ALTER TABLE sessions ADD COLUMN staff_id uuid REFERENCES staff(id) ON DELETE SET NULL;
ALTER TABLE sessions ADD COLUMN staff_session_id text REFERENCES staff_sessions(id) ON DELETE SET NULL;
ALTER TABLE sessions ADD COLUMN bo_reason text;
CREATE INDEX sessions_staff_session_idx ON sessions (staff_session_id) WHERE staff_session_id IS NOT NULL;

-- Every request becomes a case: deadline from the tenant's SLA (defaults: complaints 60 days with an
-- acknowledgement in 14 calendar days ≈ 10 working days, other kinds 5 days).
CREATE FUNCTION case_of_new_request() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_tenant text;
  v_family text;
  v_days integer;
  v_claim boolean := NEW.type_code BETWEEN 10024 AND 10029;
BEGIN
  SELECT tenant_id INTO v_tenant FROM members WHERE id = NEW.member_id;
  IF v_claim THEN v_family := 'claim'; ELSE SELECT type INTO v_family FROM request_types WHERE type_code = NEW.type_code; END IF;
  SELECT days INTO v_days FROM case_sla WHERE tenant_id = v_tenant AND family = v_family;
  v_days := COALESCE(v_days, CASE WHEN v_claim THEN 60 ELSE 5 END);
  INSERT INTO cases (request_id, tenant_id, member_id, type_code, state, due_at, ack_due_at, created_at, updated_at)
  VALUES (NEW.id, v_tenant, NEW.member_id, NEW.type_code, CASE WHEN NEW.status_key = 'done' THEN 'CLOSED' ELSE 'OPEN' END,
          NEW.created_at + make_interval(days => v_days), CASE WHEN v_claim THEN NEW.created_at + interval '14 days' END,
          NEW.created_at, NEW.created_at)
  ON CONFLICT (request_id) DO NOTHING;
  RETURN NEW;
END;
$$;
CREATE TRIGGER requests_case_trg AFTER INSERT ON requests FOR EACH ROW EXECUTE FUNCTION case_of_new_request();

INSERT INTO cases (request_id, tenant_id, member_id, type_code, state, due_at, ack_due_at, created_at, updated_at)
SELECT r.id, m.tenant_id, r.member_id, r.type_code, CASE WHEN r.status_key = 'done' THEN 'CLOSED' ELSE 'OPEN' END,
       r.created_at + CASE WHEN r.type_code BETWEEN 10024 AND 10029 THEN interval '60 days' ELSE interval '5 days' END,
       CASE WHEN r.type_code BETWEEN 10024 AND 10029 THEN r.created_at + interval '14 days' END, r.created_at, r.updated_at
FROM requests r JOIN members m ON m.id = r.member_id;
