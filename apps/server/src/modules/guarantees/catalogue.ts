import { CARE_ACT_SEARCH_LIMIT, type TCareActSummary } from '@mutua/contracts/guarantees-api';
import { searchWords } from '@mutua/contracts/healthcare';
import { CARE_ACTS, TARIFF_PARAMETERS, type CareAct } from '@mutua/contracts/guarantees';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { careActWords, careActs, tariffParameters } from '../../db/schema';

/*
 * The national tariff catalogue in the database: dated parameters and care acts, each row with its
 * source and whether it is verified (« à confirmer » otherwise). Loaded from the engine package's
 * data; a new tariff is a new row with a later valid_from, so a refund is recomputed with the values
 * of its care date.
 */

/** Writes the engine package's parameters and acts (and the acts' search words). Idempotent. */
export async function loadTariffCatalogue(db: Db): Promise<void> {
  await db
    .insert(tariffParameters)
    .values(
      TARIFF_PARAMETERS.map((p) => ({ key: p.key, validFrom: p.validFrom, value: p.value, unit: p.unit, label: p.label, status: p.status, source: p.source })),
    )
    .onConflictDoNothing();
  await db
    .insert(careActs)
    .values(
      CARE_ACTS.map((a) => ({
        code: a.code,
        validFrom: a.validFrom,
        label: a.label,
        heading: a.heading,
        family: a.family,
        act: a,
        status: a.status,
        source: a.source,
      })),
    )
    .onConflictDoNothing();
  const words = new Map<string, Set<string>>();
  for (const act of CARE_ACTS) {
    const set = words.get(act.code) ?? new Set<string>();
    for (const w of searchWords([act.label, ...act.keywords].join(' '))) set.add(w);
    words.set(act.code, set);
  }
  await db
    .insert(careActWords)
    .values([...words].flatMap(([code, set]) => [...set].map((word) => ({ word, code }))))
    .onConflictDoNothing();
}

/** What the estimate form asks for this act (sector for a doctor's fee, device class, lens, item). */
export function asksOf(act: CareAct): TCareActSummary['asks'] {
  const optics = act.family === 'OPTIQUE';
  const hearing = act.family === 'AUDIO';
  return {
    sector: !!act.doctorFee,
    deviceClasses: act.deviceClass ? [] : optics ? ['A', 'B'] : hearing ? ['I', 'II'] : [],
    lensComplexity: optics && (act.deviceClass ?? 'B') === 'B' && !/MONTURE/.test(act.code),
    itemKinds: optics && !/MONTURE|VERRE/.test(act.code) ? ['MONTURE', 'VERRE'] : [],
    quantity: act.perUnit,
  };
}

export function careActSummary(act: CareAct): TCareActSummary {
  return {
    code: act.code,
    label: act.label,
    heading: act.heading,
    family: act.family,
    baseCents: act.baseCents,
    amoRate: act.amoRate,
    basket: act.basket ?? null,
    priceCapCents: act.priceCapCents ?? null,
    asks: asksOf(act),
    status: act.status,
    source: act.source,
  };
}

/**
 * GET /api/care-acts?q=: the acts in force on `today` having a word that starts with each word typed,
 * accents and case aside (« osteo » finds Ostéopathie). Each word is one index range scan.
 */
export async function searchCareActs(db: Db, query: string, today: string): Promise<TCareActSummary[]> {
  const words = searchWords(query).slice(0, 5);
  if (words.length === 0) return [];
  const matches = words.map((w) => sql`EXISTS (SELECT 1 FROM ${careActWords} w WHERE w.code = a.code AND w.word LIKE ${`${w.replace(/[\\%_]/g, '\\$&')}%`})`);
  const rows = await db.execute(sql`
    SELECT DISTINCT ON (a.code) a.act FROM ${careActs} a
    WHERE a.valid_from <= ${today} AND ${sql.join(matches, sql` AND `)}
    ORDER BY a.code, a.valid_from DESC`);
  return rowsOf<{ act: CareAct }>(rows)
    .map((r) => r.act)
    .sort((a, b) => a.label.localeCompare(b.label, 'fr'))
    .slice(0, CARE_ACT_SEARCH_LIMIT)
    .map(careActSummary);
}

/** The rows of a raw statement (drizzle answers { rows } on both drivers). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}
