-- The queue's order is the deadline the agent sees. A complaint has two: the
-- acknowledgement (10 jours ouvrables, public holidays excluded) and the answer (2 months), computed
-- by the complaints rule (packages/contracts complaints.ts) and stored on the complaint; the case
-- copies them here as it is filed, so that the list, its groups, its countdown and its keyset cursor
-- all read one column: next_due_at, the earliest deadline still open.

ALTER TABLE cases ADD COLUMN next_due_at timestamptz GENERATED ALWAYS AS (LEAST(due_at, COALESCE(ack_due_at, due_at))) STORED;

DROP INDEX cases_tenant_queue_idx;
DROP INDEX cases_assignee_queue_idx;
DROP INDEX cases_member_idx;
CREATE INDEX cases_tenant_queue_idx ON cases (tenant_id, state, next_due_at, request_id);
CREATE INDEX cases_assignee_queue_idx ON cases (assignee_id, state, next_due_at, request_id);
CREATE INDEX cases_member_idx ON cases (member_id, state, next_due_at, request_id);

-- The end of a Paris day, as the complaints rule reads a deadline date.
CREATE FUNCTION paris_end_of_day(d date) RETURNS timestamptz LANGUAGE sql IMMUTABLE AS $$
  SELECT ((d + 1)::timestamp AT TIME ZONE 'Europe/Paris') - interval '1 millisecond'
$$;

CREATE FUNCTION case_deadlines_of_complaint() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE cases
     SET due_at = LEAST(due_at, paris_end_of_day(NEW.answer_by)),
         ack_due_at = CASE WHEN ack_due_at IS NULL THEN NULL ELSE paris_end_of_day(NEW.acknowledge_by) END
   WHERE request_id = NEW.request_id;
  RETURN NEW;
END;
$$;
CREATE TRIGGER complaints_case_deadlines_trg AFTER INSERT ON complaints FOR EACH ROW EXECUTE FUNCTION case_deadlines_of_complaint();

-- Complaints filed before this migration.
UPDATE cases c
   SET due_at = LEAST(c.due_at, paris_end_of_day(k.answer_by)),
       ack_due_at = CASE WHEN c.ack_due_at IS NULL THEN NULL ELSE paris_end_of_day(k.acknowledge_by) END
  FROM complaints k
 WHERE k.request_id = c.request_id;
