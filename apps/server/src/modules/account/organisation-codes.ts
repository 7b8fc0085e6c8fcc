import type { TOrganisationFund } from '@mutua/contracts/account';
import { and, asc, like } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisationCodes } from '../../db/schema';

export const FUND_SEARCH_LIMIT = 10;
// As migration 0131 folds the searched text: no accents, lower case, apostrophes as spaces.
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/['’]/g, ' ');
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /api/organisation-codes?q=: by code (digits, spaces ignored: prefix) or by words of the name or of a city it serves, all of them. */
export async function searchFunds(db: Db, q: string): Promise<TOrganisationFund[]> {
  const digits = q.replace(/\s/g, '');
  const where = /^[0-9]+$/.test(digits)
    ? like(organisationCodes.code, `${escapeLike(digits.slice(0, 9))}%`)
    : and(
        ...fold(q)
          .split(/\s+/)
          .filter(Boolean)
          .map((w) => like(organisationCodes.search, `%${escapeLike(w)}%`)),
      );
  const rows = await db
    .select()
    .from(organisationCodes)
    .where(where)
    .orderBy(asc(organisationCodes.obsolete), asc(organisationCodes.label))
    .limit(FUND_SEARCH_LIMIT);
  return rows.map((r) => ({
    code: r.code,
    label: r.label,
    cities: r.cities,
    obsolete: r.obsolete,
    replacedBy: r.replacedBy,
    teletransmission: r.teletransmission,
  }));
}
