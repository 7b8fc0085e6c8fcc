import { careTotals, type TCareLineFields, type TCareTotals, type TEstimateLineInput, type TLineAllowance } from '@mutua/contracts/guarantees-api';
import { allowanceSentence, computeCareLines, type CareLineInput, type CareLineResult, type IsoDate } from '@mutua/contracts/guarantees';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import {
  availableAgainOrEnd,
  limitUsages,
  loadCover,
  loadCoverAndUsage,
  loadTariffs,
  loadUsage,
  periodOf,
  type Cover,
  type Tariffs,
  type Usage,
} from './cover';

/*
 * Care lines of one person and one care date through the engine: an estimate (nothing stored), a
 * back-office proposal, or a publication (the counters locked first). At most three statements
 * whatever the number of lines; an estimate with the day's catalogue in the read cache, one.
 */

export type ClaimLineInput = TEstimateLineInput;

export type ComputedLines = {
  careDate: IsoDate;
  cover: Cover;
  tariffs: Tariffs;
  usage: Usage;
  results: CareLineResult[];
  lines: (TCareLineFields & { quantity: number })[];
  totals: TCareTotals;
};

export async function computeLinesFor(
  db: Db,
  who: { tenantId: string; memberId: string; familyPosition: number },
  careDate: IsoDate,
  inputs: readonly ClaimLineInput[],
  opts: { lockCounters?: boolean; catalogue?: (date: IsoDate) => Promise<Tariffs> } = {},
): Promise<ComputedLines> {
  let cover: Cover;
  let usage: Usage;
  let tariffs: Tariffs;
  if (opts.lockCounters) {
    // Publishing: the person, the tariffs, then the counters locked (a concurrent publication waits here).
    const found = await loadCover(db, who.tenantId, who.memberId, who.familyPosition, careDate);
    if (!found) throw new AppError('GUARANTEE_NOT_COVERED');
    cover = found;
    tariffs = await loadTariffs(
      db,
      inputs.map((l) => l.actCode),
      careDate,
    );
    usage = await loadUsage(db, cover, careDate, true);
  } else {
    // Estimating: the person and what they used in one statement, the day's catalogue (kept by the read cache).
    const [found, catalogue] = await Promise.all([
      loadCoverAndUsage(db, who.tenantId, who.memberId, who.familyPosition, careDate),
      opts.catalogue
        ? opts.catalogue(careDate)
        : loadTariffs(
            db,
            inputs.map((l) => l.actCode),
            careDate,
          ),
    ]);
    if (!found) throw new AppError('GUARANTEE_NOT_COVERED');
    ({ cover, usage } = found);
    tariffs = catalogue;
  }
  const acts = inputs.map((l) => tariffs.acts.get(l.actCode));
  if (acts.some((a) => !a)) throw new AppError('CARE_ACT_UNKNOWN');
  const usages = limitUsages(cover.product, cover.familyPosition, usage.counters);
  const engineInputs: CareLineInput[] = inputs.map((l, i) => ({
    act: acts[i]!,
    careDate,
    expenseCents: l.expenseCents,
    quantity: l.quantity,
    sector: l.sector,
    ...(l.deviceClass ? { deviceClass: l.deviceClass } : {}),
    ...(l.lensComplexity ? { lensComplexity: l.lensComplexity } : {}),
    ...(l.itemKind ? { itemKind: l.itemKind } : {}),
    insured: cover.insured,
    product: cover.product,
    parameters: tariffs.parameters,
    usage: usages,
    deductionsUsed: usage.deductions,
  }));
  const results = computeCareLines(engineInputs);
  const lines = results.map((r, i) => ({ ...lineFields(r, cover, tariffs, usage, careDate, engineInputs[i]!.act.family), quantity: inputs[i]!.quantity }));
  return { careDate, cover, tariffs, usage, results, lines, totals: careTotals(lines) };
}

/** The API's fields of a computed line: the engine's figures and the allowance it uses, in a sentence. */
function lineFields(r: CareLineResult, cover: Cover, tariffs: Tariffs, usage: Usage, careDate: IsoDate, family: string): TCareLineFields {
  return {
    actCode: r.actCode,
    label: r.label,
    expenseCents: r.expenseCents,
    baseCents: r.baseCents,
    amoRate: r.amoRate,
    amoGrossCents: r.amoGrossCents,
    participationCents: r.participationCents,
    franchiseCents: r.franchiseCents,
    amoNetCents: r.amoNetCents,
    amcCents: r.amcCents,
    remainingCents: r.remainingCents,
    capsApplied: r.capsApplied,
    allowance: lineAllowance(r, cover, tariffs, usage, careDate, family),
    explanation: r.explanation,
    guarantee: r.guarantee,
    steps: r.steps,
    engineVersion: r.engineVersion,
  };
}

function lineAllowance(r: CareLineResult, cover: Cover, tariffs: Tariffs, usage: Usage, careDate: IsoDate, family: string): TLineAllowance | null {
  const use = r.allowanceUses.find((u) => u.unit !== 'EUR') ?? r.allowanceUses[0];
  if (!use) return null;
  const guarantee = cover.product.guarantees.find((g) => g.code === use.guaranteeCode);
  const limit = guarantee?.limits?.[use.limitIndex];
  if (!guarantee || !limit) return null;
  const counter = usage.counters.find((c) => c.guaranteeCode === use.guaranteeCode && c.limitIndex === use.limitIndex);
  const periodEnd =
    counter?.periodEnd ?? periodOf(limit, careDate, { heldSince: cover.heldSince, age: cover.insured.age, family, parameters: tariffs.parameters }).end;
  const usedAfter = limit.max - use.remainingAfter;
  return {
    guaranteeCode: use.guaranteeCode,
    unit: use.unit,
    amount: use.amount,
    max: use.max,
    remainingAfter: use.remainingAfter,
    periodEnd,
    sentence: allowanceSentence({ guarantee, limit, used: usedAfter, periodEnd: availableAgainOrEnd(limit, periodEnd) }),
  };
}
