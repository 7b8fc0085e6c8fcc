-- What the member sends the insurer through the dedicated forms: the
-- details of a refund request (a `bill` request) and of a shared supporting document. The request,
-- its first timeline step, its message and its files live in the requests tables (0020, 0021); these
-- rows hold what the form asked beyond them, written in the same transaction.

CREATE TABLE refund_request_details (
  request_id uuid PRIMARY KEY REFERENCES requests(id) ON DELETE CASCADE,
  act_code text NOT NULL,
  care_date date NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  sessions smallint NOT NULL DEFAULT 1 CHECK (sessions >= 1),
  comment text NOT NULL DEFAULT ''
);

CREATE TABLE document_sharing_details (
  request_id uuid PRIMARY KEY REFERENCES requests(id) ON DELETE CASCADE,
  document_type text NOT NULL,
  comment text NOT NULL DEFAULT ''
);
