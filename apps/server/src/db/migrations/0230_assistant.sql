-- The 24/7 assistant: retrieval over the tenant's FAQ, the portal's screens and the member's data.
--
-- assistant_fold: lower case, accents and ligatures folded, typographic apostrophes as spaces. Written
-- with translate() rather than the unaccent extension: it runs alike on PGlite and PostgreSQL with no
-- extension to load, and is IMMUTABLE, so an index expression may use it (docs/decisions/040).
CREATE FUNCTION assistant_fold(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT replace(replace(translate(lower(value),
    'àâäáãåçéèêëíìîïñóòôöõúùûüýÿ’''-',
    'aaaaaaceeeeiiiinooooouuuuyy   '), 'œ', 'oe'), 'æ', 'ae')
$$;

-- The tenant's synonyms, edited in the back office (audited): a word members type (« lunete »,
-- « mutuel », « rib ») and the words the portal writes for it. `term` is stored folded, so the
-- assistant finds it with the folded question.
CREATE TABLE assistant_synonyms (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  tenant_id text NOT NULL REFERENCES tenants(id) ON DELETE CASCADE,
  term text NOT NULL CHECK (term = assistant_fold(term) AND length(term) BETWEEN 2 AND 60),
  synonyms text[] NOT NULL CHECK (cardinality(synonyms) BETWEEN 1 AND 10),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (tenant_id, term)
);
-- The assistant keeps a tenant's FAQ, synonyms and phone line in the read cache: a change drops it.
SELECT watch_changes('assistant_synonyms', 'tenant');
