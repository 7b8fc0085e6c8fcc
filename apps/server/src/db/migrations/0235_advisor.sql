-- « Parler à un conseiller »: a person on every automated step. Two request kinds the management
-- centre handles in its queue (a message with the assistant's conversation attached, a callback), and
-- the detail of each: where the member asked from, the conversation, the slot and the number to call.
INSERT INTO request_types (type_code, type, code_name, label) VALUES
  (10033, 'message', 'advisor_message', 'Message à un conseiller'),
  (10034, 'message', 'advisor_callback', 'Rappel par un conseiller');

CREATE TABLE advisor_contacts (
  request_id uuid PRIMARY KEY REFERENCES requests(id) ON DELETE CASCADE,
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  channel text NOT NULL CHECK (channel IN ('message', 'callback')),
  origin text NOT NULL CHECK (origin IN ('assistant', 'automatic_decision', 'form', 'page')),
  conversation jsonb NOT NULL DEFAULT '[]',
  -- A callback: the slot's start (French phone hours) and the number to call.
  callback_at timestamptz,
  phone text,
  created_at timestamptz NOT NULL,
  CHECK ((channel = 'callback') = (callback_at IS NOT NULL AND phone IS NOT NULL))
);
-- The slots' fill: callbacks of a tenant per slot.
CREATE INDEX advisor_contacts_slot_idx ON advisor_contacts (tenant_id, callback_at) WHERE channel = 'callback';
CREATE INDEX advisor_contacts_member_idx ON advisor_contacts (member_id);
SELECT watch_changes('advisor_contacts', 'request');
