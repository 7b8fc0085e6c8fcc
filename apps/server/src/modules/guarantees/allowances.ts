import { addDaysIso } from '@mutua/contracts/dates';
import {
  HEADING_LABELS,
  HEADINGS,
  type TAllowances,
  type TCoveredBeneficiary,
  type TGuaranteeProduct,
  type TGuaranteesOverview,
} from '@mutua/contracts/guarantees-api';
import {
  allowanceSentence,
  formatEuros,
  formulaText,
  limitPeriodWords,
  refundExamples,
  type IsoDate,
  type Limit,
  type ProductVersion,
} from '@mutua/contracts/guarantees';
import { and, asc, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { beneficiaries, beneficiaryProducts, guaranteeProductVersions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { availableAgainOrEnd, counterPosition, isRolling, loadCover, loadUsage, periodOf } from './cover';

/*
 * What the member reads of their cover: each person's product, the guarantees table under the five
 * harmonised headings with refund examples in euros computed by the engine, and what is left of each
 * limited guarantee.
 */

/** GET /api/guarantees/allowances?familyPosition=: each limited guarantee of the person's product, today. */
export async function loadAllowances(db: Db, tenantId: string, memberId: string, familyPosition: number, today: IsoDate): Promise<TAllowances> {
  const cover = await loadCover(db, tenantId, memberId, familyPosition, today);
  if (!cover) throw new AppError('GUARANTEE_NOT_COVERED');
  const { counters } = await loadUsage(db, cover, today);
  const allowances: TAllowances['allowances'] = [];
  for (const guarantee of cover.product.guarantees) {
    (guarantee.limits ?? []).forEach((limit, limitIndex) => {
      const counter = counters.find(
        (c) => c.guaranteeCode === guarantee.code && c.limitIndex === limitIndex && c.familyPosition === counterPosition(limit, familyPosition),
      );
      const used = counter?.used ?? 0;
      // A rolling window opens with its first use: unused, it has no end yet.
      const periodEnd =
        counter?.periodEnd ??
        (isRolling(limit)
          ? null
          : periodOf(limit, today, { heldSince: cover.heldSince, age: cover.insured.age, family: guarantee.match.family, parameters: [] }).end);
      const remaining = Math.max(0, limit.max - used);
      allowances.push({
        guaranteeCode: guarantee.code,
        label: guarantee.shortLabel ?? guarantee.label,
        heading: guarantee.heading,
        unit: limit.unit,
        used,
        max: limit.max,
        remaining,
        period: limit.period,
        scope: limit.scope,
        periodEnd,
        availableFrom: remaining === 0 && periodEnd ? addDaysIso(periodEnd, 1) : null,
        sentence: allowanceSentence({ guarantee, limit, used, periodEnd: periodEnd ? availableAgainOrEnd(limit, periodEnd) : null }),
      });
    });
  }
  return { familyPosition, productCode: cover.product.code, asOf: today, allowances };
}

/** « 30,00 € par séance, 3 séances par an ». */
function limitWords(limit: Limit): string {
  const amount = limit.unit === 'EUR' ? formatEuros(limit.max) : String(limit.max);
  const unit = {
    EUR: '',
    ACTS: limit.max > 1 ? ' séances' : ' séance',
    DAYS: limit.max > 1 ? ' jours' : ' jour',
    EQUIPMENT: limit.max > 1 ? ' équipements' : ' équipement',
  }[limit.unit];
  return `${amount}${unit} ${limitPeriodWords(limit)}${limit.scope === 'FAMILY' ? ' pour la famille' : ''}`;
}

/** A product's table: the five harmonised headings in order, each guarantee in words, and the engine's examples. */
export function productTable(product: ProductVersion, today: IsoDate): TGuaranteeProduct {
  return {
    code: product.code,
    label: product.label,
    validFrom: product.validFrom,
    responsable: product.responsable,
    guarantees: product.guarantees,
    table: HEADINGS.map((heading) => ({
      heading,
      label: HEADING_LABELS[heading],
      rows: product.guarantees
        .filter((g) => g.heading === heading)
        // An envelope's yearly limit is the envelope itself: said once.
        .map((g) => ({
          code: g.code,
          label: g.label,
          value: [formulaText(g.formula), ...(g.limits ?? []).filter((l) => !(l.unit === 'EUR' && g.formula.kind === 'ENVELOPE')).map(limitWords)].join(', '),
        })),
    })),
    examples: refundExamples(product, today).map((e) => ({
      code: e.code,
      heading: e.heading,
      label: e.label,
      expenseCents: e.expenseCents,
      amoCents: e.amoCents,
      amcCents: e.amcCents,
      remainingCents: e.remainingCents,
      explanation: e.explanation,
    })),
  };
}

/** GET /api/guarantees: who holds which product today, and those products' tables. */
export async function loadOverview(db: Db, tenantId: string, memberId: string, today: IsoDate): Promise<TGuaranteesOverview> {
  const held = await db
    .select({
      familyPosition: beneficiaries.familyPosition,
      firstName: beneficiaries.firstName,
      surName: beneficiaries.surName,
      regime: beneficiaries.regime,
      productCode: beneficiaryProducts.productCode,
      since: beneficiaryProducts.validFrom,
    })
    .from(beneficiaryProducts)
    .innerJoin(
      beneficiaries,
      and(eq(beneficiaries.memberId, beneficiaryProducts.memberId), eq(beneficiaries.familyPosition, beneficiaryProducts.familyPosition)),
    )
    .where(
      and(
        eq(beneficiaryProducts.memberId, memberId),
        lte(beneficiaryProducts.validFrom, today),
        or(isNull(beneficiaryProducts.validTo), gte(beneficiaryProducts.validTo, today)),
      ),
    )
    .orderBy(asc(beneficiaries.familyPosition));
  const codes = [...new Set(held.map((h) => h.productCode))];
  const versions = codes.length
    ? await db
        .select()
        .from(guaranteeProductVersions)
        .where(
          and(eq(guaranteeProductVersions.tenantId, tenantId), inArray(guaranteeProductVersions.code, codes), lte(guaranteeProductVersions.validFrom, today)),
        )
        .orderBy(asc(guaranteeProductVersions.validFrom))
    : [];
  // The latest version of each product on or before today (rows come oldest first).
  const current = new Map<string, ProductVersion>();
  for (const v of versions) current.set(v.code, { code: v.code, label: v.label, validFrom: v.validFrom, responsable: v.responsable, guarantees: v.guarantees });
  const beneficiariesList: TCoveredBeneficiary[] = held
    .filter((h) => current.has(h.productCode))
    .map((h) => ({
      familyPosition: h.familyPosition,
      firstName: h.firstName,
      surName: h.surName,
      productCode: h.productCode,
      since: h.since,
      regime: h.regime,
    }));
  return { beneficiaries: beneficiariesList, products: [...current.values()].map((p) => productTable(p, today)) };
}

/**
 * The guarantees table of each person's product today, as the contractual information lists it
 * (heading, guarantee, what it pays), followed by the engine's refund examples: familyPosition → rows.
 */
export async function guaranteeTablesByPerson(
  db: Db,
  tenantId: string,
  memberId: string,
  today: IsoDate,
): Promise<Map<number, { category: string; label: string; value: string }[]>> {
  const overview = await loadOverview(db, tenantId, memberId, today);
  const rowsOf = new Map(
    overview.products.map((p) => [
      p.code,
      [
        ...p.table.flatMap((h) => h.rows.map((r) => ({ category: h.label, label: r.label, value: r.value }))),
        ...p.examples.map((e) => ({
          category: 'Exemples de remboursement',
          label: e.label,
          value: `Sécurité sociale ${formatEuros(e.amoCents)}, ${p.label} ${formatEuros(e.amcCents)}, reste à charge ${formatEuros(e.remainingCents)}`,
        })),
      ],
    ]),
  );
  return new Map(overview.beneficiaries.map((b) => [b.familyPosition, rowsOf.get(b.productCode) ?? []]));
}
