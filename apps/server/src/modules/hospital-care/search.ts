import { ESTABLISHMENT_SEARCH_LIMIT, ESTABLISHMENT_SEARCH_MIN, establishmentSearchText, type TEstablishment } from '@mutua/contracts';
import { asc, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { establishments } from '../../db/schema';

/**
 * The tsquery of what the member typed: every word as a prefix, all required (« pitie salp » →
 * `pitie:* & salp:*`). Words are [a-z0-9] only after establishmentSearchText, so nothing to escape.
 * Null when too short to search.
 */
export function establishmentQuery(q: string): string | null {
  const text = establishmentSearchText(q);
  if (text.replace(/ /g, '').length < ESTABLISHMENT_SEARCH_MIN) return null;
  return text
    .split(' ')
    .slice(0, 8)
    .map((w) => `${w}:*`)
    .join(' & ');
}

/** The condition the GIN index of 0062 answers (the same expression as the index). */
export const establishmentMatch = (tsquery: string) => sql`to_tsvector('simple', ${establishments.searchText}) @@ to_tsquery('simple', ${tsquery})`;

/** GET /api/establishments?q=: establishments whose name, FINESS, city or postal code start with the words typed. */
export async function searchEstablishments(db: Db, q: string): Promise<TEstablishment[]> {
  const tsquery = establishmentQuery(q);
  if (!tsquery) return [];
  return db
    .select({ id: establishments.id, finess: establishments.finess, name: establishments.name, city: establishments.city, postalCode: establishments.postalCode })
    .from(establishments)
    .where(establishmentMatch(tsquery))
    .orderBy(asc(establishments.name))
    .limit(ESTABLISHMENT_SEARCH_LIMIT);
}
