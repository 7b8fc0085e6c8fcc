import { ESTABLISHMENT_SEARCH_LIMIT, ESTABLISHMENT_SEARCH_MIN, establishmentSearchText, type TEstablishment } from '@mutua/contracts/hospital-care';
import { and, asc, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { establishments } from '../../db/schema';

/**
 * The abbreviations members type for establishments, with the words they stand for. The FINESS extract
 * writes either (« CHU SITE FELIX GUYON », « CENTRE HOSPITALIER DE CAYENNE »), so a search for one finds
 * the other.
 */
const ABBREVIATIONS: ReadonlyArray<readonly [string, readonly string[]]> = [
  ['chru', ['centre', 'hospitalier', 'regional', 'universitaire']],
  ['chu', ['centre', 'hospitalier', 'universitaire']],
  ['chr', ['centre', 'hospitalier', 'regional']],
  ['ch', ['centre', 'hospitalier']],
  ['aphp', ['assistance', 'publique', 'hopitaux', 'de', 'paris']],
];
// Longest first, so that « centre hospitalier universitaire » is read as CHU, not CH + « universitaire ».
const LONG_FORMS = [...ABBREVIATIONS].sort((a, b) => b[1].length - a[1].length);
const expansion = new Map(ABBREVIATIONS);

/** « ap hp » (AP-HP once punctuation is gone) is one abbreviation, as « aphp ». */
function joinApHp(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    if (words[i] === 'ap' && words[i + 1] === 'hp') {
      out.push('aphp');
      i++;
    } else out.push(words[i]!);
  }
  return out;
}

/** Replaces each long form typed in full by its abbreviation: both are then searched the same way. */
function abbreviate(words: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    const hit = LONG_FORMS.find(([, long]) => long.every((w, k) => words[i + k] === w));
    if (hit) {
      out.push(hit[0]);
      i += hit[1].length;
    } else out.push(words[i++]!);
  }
  return out;
}

const LITTLE_WORDS = new Set(['de', 'du', 'des', 'd', 'la', 'le', 'les', 'l', 'et', 'a', 'au', 'aux', 'en', 'sur']);

const all = (words: readonly string[]) => words.join(' & ');

/**
 * The tsquery of what the member typed: every word required, the last one as a prefix (still being
 * typed); an abbreviation, or the words it stands for, matches either (« chu bordeaux » →
 * `(chu | centre & hospitalier & universitaire) & bordeaux:*`). Words are [a-z0-9] only after
 * establishmentSearchText, so nothing to escape. Null when too short to search.
 */
export function establishmentQuery(q: string): string | null {
  const text = establishmentSearchText(q);
  if (text.replace(/ /g, '').length < ESTABLISHMENT_SEARCH_MIN) return null;
  const abbreviated = abbreviate(joinApHp(text.split(' ')));
  // « CHU de Nantes » finds « CHU NANTES »: the little words are not required, unless they are all there is.
  const meaningful = abbreviated.filter((w) => !LITTLE_WORDS.has(w));
  const words = (meaningful.length ? meaningful : abbreviated).slice(0, 8);
  return words
    .map((word, i) => {
      const term = i === words.length - 1 ? `${word}:*` : word;
      const long = expansion.get(word);
      if (!long) return term;
      const alternatives = [term, `(${all(long)})`];
      if (word === 'aphp') alternatives.push('(ap & hp)');
      return `(${alternatives.join(' | ')})`;
    })
    .join(' & ');
}

/** The condition the GIN index of 0062 answers (the same expression as the index). */
export const establishmentMatch = (tsquery: string) => sql`to_tsvector('simple', ${establishments.searchText}) @@ to_tsquery('simple', ${tsquery})`;

/**
 * At most this many matches are ranked: a word shared by tens of thousands of sites (« CH »,
 * « pharmacie ») would otherwise fetch and sort them all for 20 lines. Below it, the 20 shown are
 * exactly the first by rank and name; above it, they are 20 of the matches and the member, told there
 * are more, adds a word (the town, the name).
 */
export const ESTABLISHMENT_RANKED_MAX = 500;

/**
 * GET /api/establishments?q=: open establishments whose names, FINESS, town, postal code or category
 * hold the words typed; hospitals first, real establishments before generated demo ones, then by name.
 */
export async function searchEstablishments(db: Db, q: string): Promise<TEstablishment[]> {
  const tsquery = establishmentQuery(q);
  if (!tsquery) return [];
  const matches = db
    .select({
      id: establishments.id,
      finess: establishments.finess,
      name: establishments.name,
      city: establishments.city,
      postalCode: establishments.postalCode,
      category: establishments.categoryLabel,
      fictitious: establishments.fictitious,
      careRank: establishments.careRank,
    })
    .from(establishments)
    .where(and(establishmentMatch(tsquery), isNull(establishments.closedOn)))
    .limit(ESTABLISHMENT_RANKED_MAX)
    .as('matches');
  return db
    .select({
      id: matches.id,
      finess: matches.finess,
      name: matches.name,
      city: matches.city,
      postalCode: matches.postalCode,
      category: matches.category,
      fictitious: matches.fictitious,
    })
    .from(matches)
    .orderBy(asc(matches.careRank), asc(matches.fictitious), asc(matches.name))
    .limit(ESTABLISHMENT_SEARCH_LIMIT);
}
