-- A quote sent by the member (home/quotation): a `quotation` request
-- whose details are here, with the lines the member entered and what the 100 % Santé check found
-- when it was sent (the check informs; the quote is sent either way).
CREATE TABLE quote_details (
  request_id uuid PRIMARY KEY REFERENCES requests(id) ON DELETE CASCADE,
  nature text NOT NULL CHECK (nature IN ('dental', 'optic', 'hospital', 'audio', 'other')),
  quote_date date NOT NULL,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  comment text NOT NULL DEFAULT '',
  lines jsonb,
  findings jsonb NOT NULL DEFAULT '[]'
);
