-- Apple Wallet pass of the third-party-payment card, kept up to date through the PassKit web service.
-- One pass per member and contract; its update tag moves (from a sequence) whenever the member's
-- beneficiaries or contracts change (triggers below) or the card is renewed, and the devices registered
-- for it are then pushed (pushed_tag remembers what was pushed).
CREATE SEQUENCE wallet_pass_tag_seq;

CREATE TABLE wallet_passes (
  serial_number text PRIMARY KEY,
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  member_id uuid NOT NULL REFERENCES members(id) ON DELETE CASCADE,
  insurer_contract text NOT NULL,
  pass_type_id text NOT NULL,
  -- SHA-256 of the pass's authentication tokens (one per download, the last 5 kept).
  auth_token_hashes text[] NOT NULL,
  update_tag bigint NOT NULL DEFAULT nextval('wallet_pass_tag_seq'),
  pushed_tag bigint NOT NULL DEFAULT 0,
  updated_at timestamptz NOT NULL,
  -- The card's last valid day when the pass was built: past it, the card is renewed (new tag).
  valid_to date NOT NULL,
  created_at timestamptz NOT NULL
);
CREATE UNIQUE INDEX wallet_passes_member_contract_idx ON wallet_passes (member_id, insurer_contract);

CREATE TABLE wallet_registrations (
  device_library_id text NOT NULL,
  pass_type_id text NOT NULL,
  serial_number text NOT NULL REFERENCES wallet_passes(serial_number) ON DELETE CASCADE,
  push_token text NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (device_library_id, pass_type_id, serial_number)
);
CREATE INDEX wallet_registrations_serial_idx ON wallet_registrations (serial_number);

CREATE FUNCTION wallet_pass_touch() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  member uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    member := OLD.member_id;
  ELSE
    member := NEW.member_id;
  END IF;
  UPDATE wallet_passes SET update_tag = nextval('wallet_pass_tag_seq'), updated_at = greatest(now(), updated_at + interval '1 second') WHERE member_id = member;
  RETURN NULL;
END;
$$;

CREATE TRIGGER beneficiaries_wallet_pass_trg AFTER INSERT OR UPDATE OR DELETE ON beneficiaries FOR EACH ROW EXECUTE FUNCTION wallet_pass_touch();
CREATE TRIGGER contracts_wallet_pass_trg AFTER INSERT OR UPDATE OR DELETE ON contracts FOR EACH ROW EXECUTE FUNCTION wallet_pass_touch();
