import { addDaysIso, addMonthsIso } from '@mutua/contracts/dates';
import {
  PARAM,
  parameterValue,
  type CareAct,
  type DeductionsUsed,
  type Guarantee,
  type InsuredStatus,
  type IsoDate,
  type Limit,
  type LimitUsage,
  type ProductVersion,
  type TariffParameter,
} from '@mutua/contracts/guarantees';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  allowanceCounters,
  beneficiaries,
  beneficiaryProducts,
  careActs,
  guaranteeProductVersions,
  refundActs,
  refunds,
  tariffParameters,
} from '../../db/schema';
import { rowsOf } from './catalogue';

/*
 * What the engine needs of a person on a care date, whatever the number of lines: the product version
 * in force and the insured's status, the acts and tariff parameters of that date, what is already used
 * (allowance counters, deductions of the day and the year). An estimate reads the person in one
 * statement and the day's catalogue from the read cache; a publication reads each part apart, the
 * counters locked. Nothing here writes.
 */

/** The person covered on the care date, with the product version in force then. */
export type Cover = {
  memberId: string;
  familyPosition: number;
  beneficiaryId: string;
  insured: InsuredStatus;
  product: ProductVersion;
  /** Since when the person holds the product (contract years count from it). */
  heldSince: IsoDate;
};

/** Whole years between a birth date and a day. */
export function ageOn(birthDate: IsoDate, day: IsoDate): number {
  const years = Number(day.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return day.slice(5) < birthDate.slice(5) ? years - 1 : years;
}

type CoverRow = {
  beneficiary_id: string;
  birth_date: string;
  regime: InsuredStatus['regime'];
  held_since: string;
  code: string;
  label: string;
  valid_from: string;
  responsable: boolean;
  guarantees: Guarantee[];
};

function coverOf(row: CoverRow, memberId: string, familyPosition: number, date: IsoDate): Cover {
  return {
    memberId,
    familyPosition,
    beneficiaryId: row.beneficiary_id,
    // Every demo and test member has a declared médecin traitant: care is in the parcours de soins.
    insured: { age: ageOn(row.birth_date, date), regime: row.regime, parcours: true },
    product: { code: row.code, label: row.label, validFrom: row.valid_from, responsable: row.responsable, guarantees: row.guarantees },
    heldSince: row.held_since,
  };
}

/**
 * The person's cover on `date`: their enrolment then, the latest first, and the version of its product
 * in force that day (one row at most); `moreColumns`, a comma first, adds to what is selected.
 */
function coverQuery(tenantId: string, memberId: string, familyPosition: number, date: IsoDate, moreColumns: SQL = sql``): SQL {
  return sql`
      SELECT b.id AS beneficiary_id, b.birth_date::text AS birth_date, b.regime, bp.valid_from::text AS held_since,
             v.code, v.label, v.valid_from::text AS valid_from, v.responsable, v.guarantees${moreColumns}
      FROM ${beneficiaries} b
      JOIN ${beneficiaryProducts} bp ON bp.member_id = b.member_id AND bp.family_position = b.family_position
        AND bp.valid_from <= ${date} AND (bp.valid_to IS NULL OR bp.valid_to >= ${date})
      JOIN LATERAL (SELECT * FROM ${guaranteeProductVersions} v WHERE v.tenant_id = ${tenantId} AND v.code = bp.product_code AND v.valid_from <= ${date}
                    ORDER BY v.valid_from DESC LIMIT 1) v ON true
      WHERE b.member_id = ${memberId} AND b.family_position = ${familyPosition}
      ORDER BY bp.valid_from DESC LIMIT 1`;
}

/**
 * The `counters` and `deductions` columns of a cover query: the person's (and the family's, position 0)
 * counters whose period holds `date`, and the participations and franchises already kept on the
 * person's refunds that day and that year. `beneficiaryId` is a value or the outer query's column.
 */
function usageColumns(memberId: string, familyPosition: number, beneficiaryId: SQL, date: IsoDate): SQL {
  const year = date.slice(0, 4);
  return sql`(SELECT coalesce(json_agg(json_build_object('id', c.id, 'guaranteeCode', c.guarantee_code, 'limitIndex', c.limit_index, 'familyPosition', c.family_position,
              'used', c.used, 'max', c.max, 'periodStart', c.period_start, 'periodEnd', c.period_end)), '[]')
         FROM ${allowanceCounters} c WHERE c.member_id = ${memberId} AND c.family_position IN (${familyPosition}, 0)
           AND c.period_start <= ${date} AND c.period_end >= ${date}) AS counters,
      (SELECT json_build_object(
          'pfCountToday', count(*) FILTER (WHERE ra.care_date = ${date} AND ra.participation_cents > 0),
          'pfCentsYear', coalesce(sum(ra.participation_cents), 0),
          'franchiseCentsToday', coalesce(sum(ra.franchise_cents) FILTER (WHERE ra.care_date = ${date}), 0),
          'franchiseCentsYear', coalesce(sum(ra.franchise_cents), 0))
         FROM ${refunds} r JOIN ${refundActs} ra ON ra.refund_id = r.id
         WHERE r.member_id = ${memberId} AND r.beneficiary_id = ${beneficiaryId}
           AND r.care_date BETWEEN ${`${year}-01-01`} AND ${`${year}-12-31`}) AS deductions`;
}

/**
 * The estimate's one statement: the person's cover on `date` (product version in force, status) and
 * what is already used around it (counters, deductions of the day and year); null when not covered.
 */
export async function loadCoverAndUsage(
  db: Db,
  tenantId: string,
  memberId: string,
  familyPosition: number,
  date: IsoDate,
): Promise<{ cover: Cover; usage: Usage } | null> {
  const [row] = rowsOf<CoverRow & { counters: CounterRow[]; deductions: DeductionsUsed }>(
    await db.execute(coverQuery(tenantId, memberId, familyPosition, date, sql`, ${usageColumns(memberId, familyPosition, sql`b.id`, date)}`)),
  );
  if (!row) return null;
  return { cover: coverOf(row, memberId, familyPosition, date), usage: { counters: row.counters, deductions: row.deductions } };
}

/** Statement 1 of a publication: the person's cover on `date`, or null (not on the contract, or no product then). */
export async function loadCover(db: Db, tenantId: string, memberId: string, familyPosition: number, date: IsoDate): Promise<Cover | null> {
  const rows = rowsOf<CoverRow>(await db.execute(coverQuery(tenantId, memberId, familyPosition, date)));
  return rows[0] ? coverOf(rows[0], memberId, familyPosition, date) : null;
}

export type Tariffs = { acts: Map<string, CareAct>; parameters: TariffParameter[] };

/** The whole catalogue in force on `date` (every act and parameter): what the read cache keeps per day. */
export async function loadCatalogueAt(db: Db, date: IsoDate): Promise<Tariffs> {
  const [row] = rowsOf<{ acts: CareAct[]; parameters: TariffParameter[] }>(
    await db.execute(sql`SELECT
      (SELECT coalesce(json_agg(x.act), '[]') FROM (SELECT DISTINCT ON (a.code) a.act FROM ${careActs} a
         WHERE a.valid_from <= ${date} ORDER BY a.code, a.valid_from DESC) x) AS acts,
      (SELECT coalesce(json_agg(json_build_object('key', p.key, 'value', p.value, 'unit', p.unit, 'validFrom', p.valid_from, 'label', p.label,
              'status', p.status, 'source', p.source)), '[]')
         FROM (SELECT DISTINCT ON (t.key) * FROM ${tariffParameters} t WHERE t.valid_from <= ${date} ORDER BY t.key, t.valid_from DESC) p) AS parameters`),
  );
  return { acts: new Map((row?.acts ?? []).map((a) => [a.code, a])), parameters: row?.parameters ?? [] };
}

/** Statement 2: the acts named (as in force on `date`) and every tariff parameter of that date. */
export async function loadTariffs(db: Db, codes: readonly string[], date: IsoDate): Promise<Tariffs> {
  const list = codes.length
    ? sql.join(
        [...new Set(codes)].map((c) => sql`${c}`),
        sql`, `,
      )
    : sql`NULL`;
  const [row] = rowsOf<{ acts: CareAct[]; parameters: TariffParameter[] }>(
    await db.execute(sql`SELECT
      (SELECT coalesce(json_agg(x.act), '[]') FROM (SELECT DISTINCT ON (a.code) a.act FROM ${careActs} a
         WHERE a.code IN (${list}) AND a.valid_from <= ${date} ORDER BY a.code, a.valid_from DESC) x) AS acts,
      (SELECT coalesce(json_agg(json_build_object('key', p.key, 'value', p.value, 'unit', p.unit, 'validFrom', p.valid_from, 'label', p.label,
              'status', p.status, 'source', p.source)), '[]')
         FROM (SELECT DISTINCT ON (t.key) * FROM ${tariffParameters} t WHERE t.valid_from <= ${date} ORDER BY t.key, t.valid_from DESC) p) AS parameters`),
  );
  return { acts: new Map((row?.acts ?? []).map((a) => [a.code, a])), parameters: row?.parameters ?? [] };
}

/** A counter covering the care date. */
export type CounterRow = {
  id: string;
  guaranteeCode: string;
  limitIndex: number;
  familyPosition: number;
  used: number;
  max: number;
  periodStart: IsoDate;
  periodEnd: IsoDate;
};
export type Usage = { counters: CounterRow[]; deductions: DeductionsUsed };

/**
 * Statement 3: the person's (and the family's) counters whose period holds `date`, and the deductions
 * already kept on the person's refunds that day and that year. `forUpdate`: in the publishing
 * transaction, the counters are locked so that a concurrent publication waits and then sees them used.
 */
export async function loadUsage(db: Db, cover: Pick<Cover, 'memberId' | 'familyPosition' | 'beneficiaryId'>, date: IsoDate, forUpdate = false): Promise<Usage> {
  const [row] = rowsOf<{ counters: CounterRow[]; deductions: DeductionsUsed }>(
    await db.execute(sql`SELECT ${usageColumns(cover.memberId, cover.familyPosition, sql`${cover.beneficiaryId}`, date)}`),
  );
  const counters = row?.counters ?? [];
  if (forUpdate && counters.length) {
    await db.execute(
      sql`SELECT 1 FROM ${allowanceCounters} WHERE id IN (${sql.join(
        counters.map((c) => sql`${c.id}::uuid`),
        sql`, `,
      )}) FOR UPDATE`,
    );
    return loadUsage(db, cover, date, false);
  }
  return { counters, deductions: row?.deductions ?? { pfCountToday: 0, pfCentsYear: 0, franchiseCentsToday: 0, franchiseCentsYear: 0 } };
}

/** The counter position of a limit: the person, or 0 for a family-wide limit. */
export const counterPosition = (limit: Limit, familyPosition: number) => (limit.scope === 'FAMILY' ? 0 : familyPosition);

/** What the engine reads of the counters: used and period end per guarantee limit. */
export function limitUsages(product: ProductVersion, familyPosition: number, counters: readonly CounterRow[]): LimitUsage[] {
  const usages: LimitUsage[] = [];
  for (const g of product.guarantees) {
    (g.limits ?? []).forEach((limit, limitIndex) => {
      const c = counters.find((x) => x.guaranteeCode === g.code && x.limitIndex === limitIndex && x.familyPosition === counterPosition(limit, familyPosition));
      if (c) usages.push({ guaranteeCode: g.code, limitIndex, used: c.used, periodEnd: availableAgainOrEnd(limit, c.periodEnd) });
    });
  }
  return usages;
}

/** A rolling window's sentence names the day it frees (« à partir du 15/03/2027 »); a year names its last day. */
export function availableAgainOrEnd(limit: Limit, periodEnd: IsoDate): IsoDate {
  return isRolling(limit) ? addDaysIso(periodEnd, 1) : periodEnd;
}

export const isRolling = (limit: Limit) => limit.period === 'ROLLING_24M' || limit.period === 'ROLLING_48M';

/**
 * The period a new use on `date` opens: the calendar year, the contract year (from the day the
 * product was taken), or a rolling window from the use itself (one equipment every 2 years from its
 * purchase; every year under 16 and every 6 months under 6 for glasses, as the law sets).
 */
export function periodOf(
  limit: Limit,
  date: IsoDate,
  ctx: { heldSince: IsoDate; age: number; family: string; parameters: TariffParameter[] },
): { start: IsoDate; end: IsoDate } {
  if (limit.period === 'CALENDAR_YEAR') return { start: `${date.slice(0, 4)}-01-01`, end: `${date.slice(0, 4)}-12-31` };
  if (limit.period === 'CONTRACT_YEAR') {
    let start = `${date.slice(0, 4)}-${ctx.heldSince.slice(5)}`;
    if (start > date) start = addMonthsIso(start, -12);
    return { start, end: addDaysIso(addMonthsIso(start, 12), -1) };
  }
  let months = limit.period === 'ROLLING_24M' ? 24 : 48;
  if (ctx.family === 'OPTIQUE') {
    const p = ctx.parameters;
    if (ctx.age < 6) months = parameterValue(p, PARAM.OPTICS_RENEWAL_MONTHS_UNDER_6);
    else if (ctx.age < 16) months = parameterValue(p, PARAM.OPTICS_RENEWAL_MONTHS_UNDER_16);
    else months = parameterValue(p, PARAM.OPTICS_RENEWAL_MONTHS);
  }
  return { start: date, end: addDaysIso(addMonthsIso(date, months), -1) };
}
