-- Files of the requests area: documents attached to a timeline step by the insurer, attachments of
-- messages, supporting documents shared by the member. The bytes live in PostgreSQL (bytea), in a
-- table of their own so that listing metadata never reads them: every instance behind the load
-- balancer shares the database but not a disk, uploads are capped at 10 MB, and a file is written in
-- the same transaction as the message that carries it. Files are only ever found by id and owner.
CREATE TABLE stored_files (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  request_id uuid REFERENCES requests(id) ON DELETE CASCADE,
  step_id uuid REFERENCES request_steps(id) ON DELETE CASCADE,
  message_id uuid REFERENCES request_messages(id) ON DELETE CASCADE,
  beneficiary_id uuid REFERENCES beneficiaries(id) ON DELETE SET NULL,
  type_code integer REFERENCES request_types(type_code),
  -- 'insurer': sent to the member (step documents, answers); 'member': uploaded by the member.
  origin text NOT NULL CHECK (origin IN ('insurer', 'member')),
  -- Display name, and the file name the download gets (server-chosen, extension from the content).
  name text NOT NULL,
  name_file text NOT NULL,
  content_type text NOT NULL CHECK (content_type IN ('application/pdf', 'image/jpeg', 'image/gif', 'image/png')),
  size_bytes integer NOT NULL CHECK (size_bytes > 0),
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stored_files_member_idx ON stored_files (member_id, created_at DESC);
CREATE INDEX stored_files_step_idx ON stored_files (step_id) WHERE step_id IS NOT NULL;
CREATE INDEX stored_files_message_idx ON stored_files (message_id) WHERE message_id IS NOT NULL;

CREATE TABLE stored_file_contents (
  file_id uuid PRIMARY KEY REFERENCES stored_files(id) ON DELETE CASCADE,
  content bytea NOT NULL
);
