-- Four eyes for documents: an agent proposes a PDF for a member's case; it waits
-- here, unseen by the member, until a manager who is not the proposer approves it. Only then does it
-- become a file of the member's thread (stored_files).

ALTER TABLE bo_approvals DROP CONSTRAINT bo_approvals_kind_check;
ALTER TABLE bo_approvals ADD CONSTRAINT bo_approvals_kind_check CHECK (kind IN ('refund', 'document'));

CREATE TABLE bo_approval_files (
  approval_id uuid PRIMARY KEY REFERENCES bo_approvals(id) ON DELETE CASCADE,
  name_file text NOT NULL,
  content_type text NOT NULL CHECK (content_type = 'application/pdf'),
  size_bytes integer NOT NULL,
  sha256 text NOT NULL,
  content bytea NOT NULL
);
