import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AssistantScreen, MemberIntent } from './screens';

/** The same folding as SQL's assistant_fold (migration 0230): lower case, no accents, ligatures spelt out. */
export function fold(text: string): string {
  return text.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '').replaceAll('œ', 'oe').replaceAll('æ', 'ae').replace(/[’'-]/g, ' ');
}

/**
 * Words that say nothing of the subject: the French stop words and the question's own words
 * (« comment », « quand », « je voudrais »). Dropped before the search, so a FAQ entry that starts
 * with « Comment… » is not preferred for that alone.
 */
const STOPWORDS = new Set(
  (
    'a ai as au aux avec c ca ce ces cet cette d dans de des du elle en est et etre eu il ils j je l la le les leur lui m ma mais me mes moi mon n ne nos notre nous on ou par pas pour qu que qui s sa se ses son sur t ta te tes toi ton tu un une vos votre vous y ' +
    'quoi ca comment quand quel quelle quels quelles pourquoi combien faut faire fait peux puis peut veux voudrais voudrait dois doit svp merci bonjour ' +
    'ont sont suis serai sera serais avoir besoin savoir si est-ce ete deja encore toujours aussi tres bien plus'
  ).split(' '),
);

/** Synonyms of the tenant: folded term → the words the portal writes. */
export type SynonymMap = ReadonlyMap<string, readonly string[]>;

/**
 * The question as groups of alternatives: one group per meaningful word (the word and its synonyms),
 * plus one per multi-word term of the synonym list found in the question (« tiers payant »). A
 * document's score counts the groups it matches.
 */
export function questionGroups(question: string, synonyms: SynonymMap): string[][] {
  const folded = ` ${fold(question)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()} `;
  const groups: string[][] = [];
  for (const [term, words] of synonyms) if (term.includes(' ') && folded.includes(` ${term} `)) groups.push([...words]);
  const tokens = [...new Set(folded.trim().split(' '))].filter((w) => w.length > 1 && !STOPWORDS.has(w) && !/^\d+$/.test(w));
  for (const token of tokens.slice(0, 12)) groups.push([token, ...(synonyms.get(token) ?? [])]);
  return groups;
}

export type Candidate = {
  kind: 'faq' | 'screen' | 'member';
  id: string;
  title: string;
  text: string;
  categoryId: string | null;
  themeId: string | null;
  hits: number;
  rank: number;
};

/**
 * Scores: a group matched in the title or the words counts 2, in the text only 1. Equal scores: the
 * member's own data first (the most specific answer), then ts_rank with the title above the words.
 */
export const HEAD_HIT = 2;

const anyOf = (alternatives: string[]): SQL =>
  sql`(${sql.join(
    alternatives.map((a) => sql`plainto_tsquery('french'::regconfig, ${fold(a)})`),
    sql` || `,
  )})`;

type Listed = AssistantScreen | MemberIntent;

/** A document ready to rank: its answer and its three vectors as tsvector literals. */
export type RankedDoc = {
  kind: Candidate['kind'];
  id: string;
  title: string;
  text: string;
  categoryId: string | null;
  themeId: string | null;
  head: string;
  words: string;
  body: string;
};

const VECTORS = (head: SQL, words: SQL, body: SQL) => sql`
  to_tsvector('french'::regconfig, assistant_fold(${head}))::text AS head,
  to_tsvector('french'::regconfig, assistant_fold(${words}))::text AS words,
  to_tsvector('french'::regconfig, assistant_fold(${body}))::text AS body`;

/**
 * The tenant's enabled FAQ entries as documents: the question, its theme's title, the answer. Kept in
 * the read cache per tenant (a FAQ change drops it), so a question does not fold and stem every entry again.
 */
export async function faqDocuments(db: Db, tenantId: string): Promise<RankedDoc[]> {
  const result = (await db.execute(sql`
    SELECT e.id::text AS id, e.question AS title, e.answer AS text, e.category_id, e.theme_id,
           ${VECTORS(sql`e.question`, sql`t.title`, sql`e.answer`)}
    FROM faq_entries e
    JOIN faq_themes t ON t.tenant_id = e.tenant_id AND t.category_id = e.category_id AND t.id = e.theme_id AND t.enabled
    JOIN faq_categories c ON c.tenant_id = e.tenant_id AND c.id = e.category_id AND c.enabled
    WHERE e.tenant_id = ${tenantId}
    ORDER BY c.position, t.position, e.position
  `)) as unknown as { rows: { id: string; title: string; text: string; category_id: string; theme_id: string; head: string; words: string; body: string }[] };
  return result.rows.map((r) => ({
    kind: 'faq',
    id: r.id,
    title: r.title,
    text: r.text,
    categoryId: r.category_id,
    themeId: r.theme_id,
    head: r.head,
    words: r.words,
    body: r.body,
  }));
}

/** The listed screens' documents: the list is code, so its vectors are computed once per process. */
const screenVectors = new WeakMap<Db, Map<string, RankedDoc>>();
export async function screenDocuments(db: Db, screens: readonly Listed[], memberIds: ReadonlySet<string>): Promise<RankedDoc[]> {
  let known = screenVectors.get(db);
  if (!known) screenVectors.set(db, (known = new Map()));
  const missing = screens.filter((s) => !known.has(s.id));
  if (missing.length) {
    const listed = JSON.stringify(missing.map((s) => ({ id: s.id, head: s.title, words: s.words, body: 'text' in s ? s.text : '' })));
    const result = (await db.execute(sql`
      SELECT s.id, ${VECTORS(sql`s.head`, sql`s.words`, sql`s.body`)}
      FROM jsonb_to_recordset(${listed}::jsonb) AS s(id text, head text, words text, body text)
    `)) as unknown as { rows: { id: string; head: string; words: string; body: string }[] };
    const byId = new Map(missing.map((s) => [s.id, s]));
    for (const r of result.rows) {
      const s = byId.get(r.id)!;
      known.set(r.id, {
        kind: memberIds.has(s.id) ? 'member' : 'screen',
        id: s.id,
        title: s.title,
        text: 'text' in s ? s.text : '',
        categoryId: null,
        themeId: null,
        head: r.head,
        words: r.words,
        body: r.body,
      });
    }
  }
  return screens.map((s) => known.get(s.id)!);
}

/**
 * French full-text search of the question's groups over the documents (FAQ entries, screens, member
 * intents), folded alike on both sides: the documents scoring most groups first, then ts_rank.
 */
export async function rankDocuments(db: Db, groups: string[][], docs: readonly RankedDoc[], limit = 5): Promise<Candidate[]> {
  if (!groups.length || !docs.length) return [];
  const listed = JSON.stringify(docs.map((d, i) => ({ i, head: d.head, words: d.words, body: d.body })));
  const result = (await db.execute(sql`
    WITH g AS (
      SELECT ARRAY[${sql.join(groups.map(anyOf), sql`, `)}]::tsquery[] AS groups
    ), q AS (
      SELECT groups, coalesce((SELECT string_agg('(' || x::text || ')', ' | ') FROM unnest(groups) AS x WHERE x::text <> ''), '')::tsquery AS any FROM g
    ), docs AS (
      SELECT d.i, d.head::tsvector AS head, d.words::tsvector AS words, d.body::tsvector AS body
      FROM jsonb_to_recordset(${listed}::jsonb) AS d(i int, head text, words text, body text)
    )
    SELECT d.i,
           (SELECT sum(CASE WHEN (d.head || d.words) @@ x THEN ${HEAD_HIT} WHEN d.body @@ x THEN 1 ELSE 0 END) FROM unnest(q.groups) AS x) AS hits,
           ts_rank(setweight(d.head, 'A') || setweight(d.words, 'C') || setweight(d.body, 'D'), q.any) AS rank
    FROM docs d, q
  `)) as unknown as { rows: { i: number; hits: number; rank: number }[] };
  return result.rows
    .map((r) => ({ doc: docs[Number(r.i)]!, hits: Number(r.hits), rank: Number(r.rank) }))
    .filter((r) => r.hits > 0)
    .sort(
      (a, b) =>
        b.hits - a.hits ||
        Number(b.doc.kind === 'member') - Number(a.doc.kind === 'member') ||
        b.rank - a.rank ||
        Number(a.doc.id > b.doc.id) - Number(a.doc.id < b.doc.id),
    )
    .slice(0, limit)
    .map(({ doc, hits, rank }) => ({
      kind: doc.kind,
      id: doc.id,
      title: doc.title,
      text: doc.text,
      categoryId: doc.categoryId,
      themeId: doc.themeId,
      hits,
      rank,
    }));
}
