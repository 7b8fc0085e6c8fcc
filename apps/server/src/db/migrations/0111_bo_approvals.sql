-- Four eyes: what a staff member proposes to publish to a member (a refund, from
-- an accepted refund claim) waits here until a manager who is not the proposer approves or rejects it.
-- Only on approval does the owning module write what the member sees.

CREATE TABLE bo_approvals (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  -- The case (member request) it answers, if any.
  request_id uuid REFERENCES requests(id) ON DELETE SET NULL,
  kind text NOT NULL CHECK (kind IN ('refund')),
  -- What will be published (the refund's lines), as proposed.
  payload jsonb NOT NULL,
  state text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'APPROVED', 'REJECTED')),
  proposed_by uuid NOT NULL REFERENCES staff(id),
  proposed_at timestamptz NOT NULL,
  decided_by uuid REFERENCES staff(id),
  decided_at timestamptz,
  decision_reason text,
  -- The published row (the refund's id) once approved.
  result_id uuid,
  -- The same staff member never approves their own proposal, whatever the code above says.
  CHECK (decided_by IS NULL OR decided_by <> proposed_by)
);
CREATE INDEX bo_approvals_queue_idx ON bo_approvals (tenant_id, state, proposed_at);
-- One proposal at a time per case.
CREATE UNIQUE INDEX bo_approvals_pending_request_uq ON bo_approvals (request_id) WHERE state = 'PENDING';
