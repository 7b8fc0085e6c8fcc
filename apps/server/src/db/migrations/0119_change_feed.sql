-- Change notices for the instances' read caches, signed-in reads). Every statement that
-- changes what a member's space shows sends one notice on the channel mutua_changes, at commit (a
-- rolled-back change sends none), naming what changed:
--   m:<member ids>   the members whose data changed (comma-separated)
--   t:<tenant ids>   a tenant's reference data (catalogue, FAQ, announcement, settings…)
--   s:<session ids>  sessions ended or touched
--   *                anything, for every member (reference tables, bulk changes, TRUNCATE)
-- Each instance LISTENs and drops what it kept of those members, tenants or sessions. A new table
-- calls watch_changes() in its migration, or is listed in UNWATCHED of test/read-cache.test.ts.

CREATE FUNCTION mutua_changes_notify() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  scope text := TG_ARGV[0];
  prefix text;
  target text;
  rows_sql text := CASE TG_OP
    WHEN 'INSERT' THEN 'SELECT * FROM mutua_new_rows'
    WHEN 'DELETE' THEN 'SELECT * FROM mutua_old_rows'
    ELSE 'SELECT * FROM mutua_new_rows UNION ALL SELECT * FROM mutua_old_rows' END;
  ids text;
  has_null boolean;
BEGIN
  IF TG_OP = 'TRUNCATE' OR scope = 'all' THEN
    PERFORM pg_notify('mutua_changes', '*');
    RETURN NULL;
  END IF;
  -- What the changed rows name, and whose member (or tenant, or session) that is.
  SELECT p, t INTO prefix, target FROM (VALUES
    ('member',      'm', 'c.member_id'),
    ('self',        'm', 'c.id'),
    ('tenant',      't', 'c.tenant_id'),
    ('tenant-self', 't', 'c.id'),
    ('session',     's', 'c.id'),
    ('request',     'm', '(SELECT r.member_id FROM requests r WHERE r.id = c.request_id)'),
    ('refund',      'm', '(SELECT r.member_id FROM refunds r WHERE r.id = c.refund_id)'),
    ('beneficiary', 'm', '(SELECT b.member_id FROM beneficiaries b WHERE b.id = c.beneficiary_id)')
  ) AS s(name, p, t) WHERE s.name = scope;
  IF target IS NULL THEN
    RAISE EXCEPTION 'mutua_changes_notify: unknown scope %', scope;
  END IF;
  EXECUTE format('SELECT string_agg(DISTINCT x::text, '',''), bool_or(x IS NULL) FROM (SELECT %s AS x FROM (%s) c) n', target, rows_sql)
    INTO ids, has_null;
  IF ids IS NULL AND has_null IS NULL THEN
    RETURN NULL; -- no row changed
  END IF;
  -- A row of nobody in particular (a tenant-wide alert, a child of a deleted request) or a bulk change
  -- too long for one notice (8000 bytes): everyone's copies go.
  IF has_null OR length(ids) > 7900 THEN
    PERFORM pg_notify('mutua_changes', '*');
  ELSE
    PERFORM pg_notify('mutua_changes', prefix || ':' || ids);
  END IF;
  RETURN NULL;
END $$;

-- Watches a table: one statement-level trigger per kind of change (transition tables cannot serve two).
CREATE FUNCTION watch_changes(tbl regclass, scope text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('CREATE TRIGGER mutua_changes_ins AFTER INSERT ON %s REFERENCING NEW TABLE AS mutua_new_rows FOR EACH STATEMENT EXECUTE FUNCTION mutua_changes_notify(%L)', tbl, scope);
  EXECUTE format('CREATE TRIGGER mutua_changes_upd AFTER UPDATE ON %s REFERENCING NEW TABLE AS mutua_new_rows OLD TABLE AS mutua_old_rows FOR EACH STATEMENT EXECUTE FUNCTION mutua_changes_notify(%L)', tbl, scope);
  EXECUTE format('CREATE TRIGGER mutua_changes_del AFTER DELETE ON %s REFERENCING OLD TABLE AS mutua_old_rows FOR EACH STATEMENT EXECUTE FUNCTION mutua_changes_notify(%L)', tbl, scope);
  EXECUTE format('CREATE TRIGGER mutua_changes_trunc AFTER TRUNCATE ON %s FOR EACH STATEMENT EXECUTE FUNCTION mutua_changes_notify(%L)', tbl, scope);
END $$;

-- A member's own rows.
SELECT watch_changes(t::regclass, 'member') FROM unnest(ARRAY[
  'accounts', 'addresses', 'adviser_codes', 'bank_accounts', 'bank_details_changes', 'beneficiaries',
  'beneficiary_additions', 'beneficiary_deletions', 'bo_approvals', 'cases', 'complaints', 'contact_changes',
  'contacts', 'contract_options', 'contracts', 'exit_survey_answers', 'legal_page_acceptances',
  'lost_card_declarations', 'member_alerts', 'member_notifications', 'member_preferences',
  'portability_periods', 'refunds', 'request_groups', 'request_submissions', 'requests', 'sepa_mandates',
  'stored_files', 'teletransmission_requests', 'terminations', 'tp_card_resends', 'wallet_passes'
]) AS t;
SELECT watch_changes('members', 'self');
-- Rows of a member's request, refund or beneficiary.
SELECT watch_changes(t::regclass, 'request') FROM unnest(ARRAY[
  'document_sharing_details', 'hospital_care_details', 'portability_proofs', 'quote_details',
  'refund_request_details', 'request_messages', 'request_steps', 'schooling_answers'
]) AS t;
SELECT watch_changes('refund_acts', 'refund');
SELECT watch_changes('noemie_states', 'beneficiary');
-- A tenant's reference data and settings.
SELECT watch_changes(t::regclass, 'tenant') FROM unnest(ARRAY[
  'care_networks', 'care_providers', 'contract_guarantees', 'contract_products', 'faq_categories',
  'faq_entries', 'faq_themes', 'healthcare_act_words', 'healthcare_acts', 'healthcare_documents',
  'hospitalization_types', 'legal_pages', 'seal_certificates', 'sepa_creditors', 'tenant_announcements',
  'tenant_contact_channels', 'tenant_documents', 'tp_card_issuers', 'tutorial_steps'
]) AS t;
SELECT watch_changes('tenants', 'tenant-self');
-- Reference data of every tenant.
SELECT watch_changes(t::regclass, 'all') FROM unnest(ARRAY['communes', 'establishments', 'organisation_codes', 'request_types']) AS t;
-- Sessions: an ended (or touched) session is dropped by every instance.
SELECT watch_changes('sessions', 'session');
