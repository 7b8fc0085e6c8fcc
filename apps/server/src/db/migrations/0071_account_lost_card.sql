-- Lost third-party-payment card: the member's
-- declaration, sent as a card request (10001); a second one is refused while the first is pending.
CREATE TABLE lost_card_declarations (
  request_id uuid PRIMARY KEY REFERENCES requests(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  send_paper_card boolean NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lost_card_declarations_member_idx ON lost_card_declarations (member_id);
