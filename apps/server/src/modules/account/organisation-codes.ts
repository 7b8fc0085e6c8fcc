import type { TOrganisationFund } from '@mutua/contracts';
import { asc, like, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { organisationCodes } from '../../db/schema';

export const FUND_SEARCH_LIMIT = 10;
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /api/organisation-codes?q=: by code (digits, spaces ignored: prefix) or by words of the name. */
export async function searchFunds(db: Db, q: string): Promise<TOrganisationFund[]> {
  const digits = q.replace(/\s/g, '');
  const where = /^[0-9]+$/.test(digits)
    ? like(organisationCodes.code, `${escapeLike(digits.slice(0, 9))}%`)
    : or(...fold(q).split(/\s+/).filter(Boolean).map((w) => like(organisationCodes.search, `%${escapeLike(w)}%`)));
  const rows = await db.select().from(organisationCodes).where(where).orderBy(asc(organisationCodes.obsolete), asc(organisationCodes.label)).limit(FUND_SEARCH_LIMIT);
  return rows.map((r) => ({ code: r.code, label: r.label, obsolete: r.obsolete, replacedBy: r.replacedBy, teletransmission: r.teletransmission }));
}
