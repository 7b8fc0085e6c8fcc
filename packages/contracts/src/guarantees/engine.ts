import { PARAM, parameterValue } from './catalogue';
import { computeDeductions } from './deductions';
import { explainLine, limitPeriodWords } from './explanation';
import { evaluateFormula, formulaText, subCapOf, type FormulaContext } from './formula';
import { formatEuros, percentOf, shareOf } from './money';
import { applyResponsable, type AmountCapper } from './responsable';
import type {
  AllowanceUse,
  CapApplied,
  CapCode,
  CareAct,
  CareLineInput,
  CareLineResult,
  ComputationStep,
  DeviceClass,
  Guarantee,
  LensComplexity,
  ProductVersion,
  Sector,
} from './types';

/*
 * One care line, computed in the rule sheet's order: base → Sécurité sociale gross → participation
 * forfaitaire and franchises → Sécurité sociale net → the guarantee's formula → contract limits →
 * contrat-responsable caps and obligations → indemnity (Sécurité sociale + mutuelle ≤ expense).
 * Integer cents, each step rounded half-up once. Pure: no clock, no I/O; the caller passes the tariffs
 * of the care date, the product version in force and what the member has already used.
 */

/** Stamped on every computed line: a refund keeps the version it was paid with. */
export const ENGINE_VERSION = 'guarantees-engine 1.0.0 (tarifs 2026)';

/** The guarantee of a product that pays a line: the first whose match fits the act and the line. */
export function findGuarantee(
  product: ProductVersion,
  act: Pick<CareAct, 'family' | 'basket'>,
  line: { sector?: Sector; deviceClass?: DeviceClass; lensComplexity?: LensComplexity },
): Guarantee | undefined {
  const sector = line.sector ?? '1';
  const lens = line.lensComplexity ?? 'SIMPLE';
  for (const g of product.guarantees) {
    const m = g.match;
    if (m.family !== act.family) continue;
    if (m.sectors && !m.sectors.includes(sector)) continue;
    if (m.deviceClasses && (!line.deviceClass || !m.deviceClasses.includes(line.deviceClass))) continue;
    if (m.lensComplexities && !m.lensComplexities.includes(lens)) continue;
    if (m.baskets && (!act.basket || !m.baskets.includes(act.basket))) continue;
    return g;
  }
  return undefined;
}

class Amount implements AmountCapper {
  readonly caps: CapApplied[] = [];
  readonly steps: ComputationStep[];
  constructor(
    public amc: number,
    steps: ComputationStep[],
  ) {
    this.steps = steps;
  }
  cap(code: CapCode, label: string, max: number): void {
    const limit = Math.max(0, max);
    if (this.amc > limit) this.record(code, label, limit);
  }
  raise(code: CapCode, label: string, min: number): void {
    if (min > this.amc) this.record(code, label, min);
  }
  private record(code: CapCode, label: string, after: number): void {
    this.caps.push({ code, label, beforeCents: this.amc, afterCents: after });
    this.steps.push({ code: `CAP_${code}`, label, amountCents: after });
    this.amc = after;
  }
}

/** The Sécurité sociale's gross part; on a heavy act the co-payment is the flat forfait instead. */
function amoAt(base: number, rate: number, heavyForfait: number | null): number {
  if (base <= 0) return 0;
  return heavyForfait !== null && rate < 100 ? Math.max(0, base - heavyForfait) : percentOf(base, rate);
}

/** What the caller says is already used of one limit of one guarantee. */
function usageOf(usage: CareLineInput['usage'], guaranteeCode: string, limitIndex: number): { used: number; periodEnd: string | null } | undefined {
  if (!usage) return undefined;
  for (const u of usage) if (u.guaranteeCode === guaranteeCode && u.limitIndex === limitIndex) return u;
  return undefined;
}

/** Only devices have a class: a class sent with any other act is ignored. */
const DEVICE_FAMILIES = new Set(['OPTIQUE', 'AUDIO']);

const UNIT_LABEL = { EUR: 'forfait', ACTS: 'séances', DAYS: 'jours', EQUIPMENT: 'équipements' } as const;

export function computeCareLine(input: CareLineInput): CareLineResult {
  const { act, product, parameters: p, insured } = input;
  const quantity = Math.max(1, Math.trunc(input.quantity) || 1);
  const expense = Math.max(0, Math.round(input.expenseCents));
  const sector = input.sector ?? '1';
  const deviceClass = act.deviceClass ?? (DEVICE_FAMILIES.has(act.family) ? input.deviceClass : undefined);
  const nonOptam = !!act.doctorFee && sector === '2_NON_OPTAM';

  // 1. Base and the Sécurité sociale's gross refund.
  const tariffBase = act.baseIsPrice
    ? expense
    : (nonOptam && act.nonOptamBaseCents !== undefined ? act.nonOptamBaseCents : (act.baseCents ?? 0)) * (act.perUnit ? quantity : 1);
  const base = Math.min(tariffBase, expense);
  const parcoursRate = insured.regime === 'ALSACE_MOSELLE' && act.amoRateAlsaceMoselle !== undefined ? act.amoRateAlsaceMoselle : act.amoRate;
  const outOfParcours = !!act.parcours && !insured.parcours && insured.age >= parameterValue(p, PARAM.PARCOURS_FROM_AGE);
  const rate = outOfParcours ? Math.min(parcoursRate, parameterValue(p, PARAM.AMO_RATE_OUT_OF_PARCOURS)) : parcoursRate;
  const heavy = !!act.heavyAct && tariffBase >= parameterValue(p, PARAM.HEAVY_ACT_THRESHOLD);
  const heavyForfait = heavy ? parameterValue(p, PARAM.HEAVY_ACT_FORFAIT) : null;
  const amoGross = amoAt(base, rate, heavyForfait);
  const amoInParcours = amoAt(base, parcoursRate, heavyForfait);
  const shownRate = base === 0 ? 0 : heavy && rate < 100 ? 100 : rate;

  // 2–3. Deductions kept by the Sécurité sociale, then its net refund.
  const deductions = computeDeductions({
    act,
    quantity,
    amoGrossCents: amoGross,
    insured,
    hospitalised: !!input.hospitalised,
    parameters: p,
    used: input.deductionsUsed,
  });
  const amoNet = amoGross - deductions.participationCents - deductions.franchiseCents;

  const steps: ComputationStep[] = [
    { code: 'EXPENSE', label: 'Dépense', amountCents: expense },
    { code: 'BASE', label: 'Base de remboursement', amountCents: base },
    { code: 'AMO_GROSS', label: `Sécurité sociale (${shownRate}\u00a0% de la base)`, amountCents: amoGross },
  ];
  if (heavyForfait !== null && rate < 100)
    steps.push({
      code: 'HEAVY_ACT_FORFAIT',
      label: 'Participation forfaitaire sur acte lourd (à la place du ticket modérateur)',
      amountCents: Math.min(heavyForfait, base),
    });
  if (deductions.participationCents > 0)
    steps.push({ code: 'PARTICIPATION', label: 'Participation forfaitaire retenue', amountCents: deductions.participationCents });
  if (deductions.franchiseCents > 0) steps.push({ code: 'FRANCHISE', label: 'Franchise médicale retenue', amountCents: deductions.franchiseCents });
  steps.push({ code: 'AMO_NET', label: 'Remboursé par la Sécurité sociale', amountCents: amoNet });

  // 4. The guarantee's formula.
  const lensComplexity = input.lensComplexity ?? 'SIMPLE';
  const guarantee = findGuarantee(product, act, { sector, deviceClass, lensComplexity });
  const perEquipment = act.family === 'OPTIQUE';
  const soFar = input.equipmentSoFar ?? { amoCents: 0, amcCents: 0 };
  const ctx: FormulaContext = {
    baseCents: base,
    expenseCents: expense,
    amoGrossCents: amoGross,
    quantity,
    perEquipment,
    equipmentAmoCents: soFar.amoCents,
    equipmentAmcCents: soFar.amcCents,
    priceCapCents: act.priceCapCents !== undefined ? act.priceCapCents * quantity : undefined,
  };
  const formulaCents = guarantee ? evaluateFormula(guarantee.formula, ctx) : 0;
  const guaranteeLabel = guarantee ? `${guarantee.label}\u00a0: ${formulaText(guarantee.formula)}` : '';
  if (guarantee) steps.push({ code: 'FORMULA', label: guaranteeLabel, amountCents: formulaCents });
  const amount = new Amount(formulaCents, steps);

  // 5a. Contract limits: the frame's sub-cap, then each limit against what is already used.
  const frame = input.itemKind === 'MONTURE';
  const sub = guarantee ? subCapOf(guarantee.formula, input.itemKind) : null;
  const frameMax = parameterValue(p, PARAM.OPTICS_FRAME_MAX);
  // A sub-cap at or above the legal frame cap repeats the law: the legal cap is the rule the member reads.
  const legalFrame = product.responsable && frame && perEquipment && deviceClass === 'B';
  if (sub && !(legalFrame && sub.cents >= frameMax)) {
    amount.cap(
      'CONTRACT_SUBCAP',
      `plafond ${frame ? 'monture' : 'par élément'} ${formatEuros(sub.cents)} – contrat`,
      sub.cents - (sub.includesAmo ? amoGross : 0),
    );
  }
  const counted: { limitIndex: number; allowed: number; remainingBefore: number; used: number }[] = [];
  let renewalRefused = false;
  (guarantee?.limits ?? []).forEach((limit, limitIndex) => {
    const used = usageOf(input.usage, guarantee!.code, limitIndex)?.used ?? 0;
    const remainingBefore = Math.max(0, limit.max - used);
    const label =
      limit.unit === 'EUR'
        ? remainingBefore === 0
          ? 'forfait annuel atteint'
          : `forfait de ${formatEuros(limit.max)} ${limitPeriodWords(limit)}`
        : `${limit.max} ${UNIT_LABEL[limit.unit]} ${limitPeriodWords(limit)}`;
    if (limit.unit === 'EUR') {
      amount.cap('CONTRACT_LIMIT', label, remainingBefore);
      counted.push({ limitIndex, allowed: 0, remainingBefore, used });
      return;
    }
    // An optical equipment counts once, on the line that opens it; its other lines follow it.
    const units = limit.unit === 'EQUIPMENT' && perEquipment ? (input.equipmentSoFar ? 0 : 1) : quantity;
    const allowed = Math.min(units, remainingBefore);
    if (limit.unit === 'EQUIPMENT' && remainingBefore === 0) renewalRefused = true;
    if (limit.unit === 'EQUIPMENT' && perEquipment && remainingBefore === 0) amount.cap('CONTRACT_LIMIT', label, 0);
    else if (allowed < units) amount.cap('CONTRACT_LIMIT', label, shareOf(amount.amc, allowed, units));
    counted.push({ limitIndex, allowed, remainingBefore, used });
  });

  // 5b. Contrat responsable.
  if (product.responsable) {
    const optamGuarantee = nonOptam ? findGuarantee(product, act, { sector: '2_OPTAM', deviceClass, lensComplexity }) : undefined;
    applyResponsable(
      {
        act,
        parameters: p,
        baseCents: base,
        expenseCents: expense,
        amoGrossCents: amoGross,
        amoInParcoursCents: amoInParcours,
        quantity,
        nonOptam,
        deviceClass,
        frame: legalFrame,
        equipmentAmoCents: soFar.amoCents,
        equipmentAmcCents: soFar.amcCents,
        lenses: input.equipmentLenses ?? [lensComplexity, lensComplexity],
        optamGuarantee,
        formulaContext: ctx,
        renewalRefused,
      },
      amount,
    );
  }

  // 5c. Indemnity: the Sécurité sociale and the mutuelle never pay more than the expense, and the
  // mutuelle never pays back the participation forfaitaire or a franchise.
  amount.cap('INDEMNITY', 'pas plus que la dépense (principe indemnitaire)', expense - amoGross);
  const amc = amount.amc;
  const remaining = expense - amoNet - amc;
  steps.push(
    { code: 'AMC', label: 'Remboursé par votre mutuelle', amountCents: amc },
    { code: 'REMAINING', label: 'Reste à votre charge', amountCents: remaining },
  );

  const allowanceUses: AllowanceUse[] = counted.map(({ limitIndex, allowed, remainingBefore }) => {
    const limit = guarantee!.limits![limitIndex]!;
    const consumed = limit.unit === 'EUR' ? Math.min(amc, remainingBefore) : amc > 0 ? allowed : 0;
    return { guaranteeCode: guarantee!.code, limitIndex, unit: limit.unit, amount: consumed, remainingAfter: remainingBefore - consumed, max: limit.max };
  });

  const countIndex = guarantee?.limits?.findIndex((l) => l.unit !== 'EUR') ?? -1;
  const countEntry = counted.find((c) => c.limitIndex === countIndex);
  const countUse = allowanceUses.find((u) => u.limitIndex === countIndex);
  const hundredPercentSante = act.basket === 'CENT_POUR_CENT_SANTE' || deviceClass === 'A' || deviceClass === 'I';
  const explanation = explainLine({
    act,
    guarantee,
    careDate: input.careDate,
    expenseCents: expense,
    baseCents: base,
    amoNetCents: amoNet,
    amcCents: amc,
    remainingCents: remaining,
    participationCents: deductions.participationCents,
    franchiseCents: deductions.franchiseCents,
    nonOptam,
    hundredPercentSante,
    capsApplied: amount.caps,
    countLimit:
      guarantee && countEntry && countUse
        ? {
            limit: guarantee.limits![countIndex]!,
            before: countEntry.used,
            after: countEntry.used + countUse.amount,
            periodEnd: usageOf(input.usage, guarantee.code, countIndex)?.periodEnd ?? null,
          }
        : null,
  });

  const shownGuarantee = guarantee
    ? { code: guarantee.code, label: guaranteeLabel }
    : amc > 0
      ? { code: 'CONTRAT_RESPONSABLE', label: 'Garanties minimales du contrat responsable' }
      : null;

  return {
    actCode: act.code,
    label: act.label,
    expenseCents: expense,
    baseCents: base,
    amoRate: shownRate,
    amoGrossCents: amoGross,
    participationCents: deductions.participationCents,
    franchiseCents: deductions.franchiseCents,
    amoNetCents: amoNet,
    guarantee: shownGuarantee,
    formulaCents,
    amcCents: amc,
    remainingCents: remaining,
    capsApplied: amount.caps,
    allowanceUses,
    steps,
    explanation,
    engineVersion: ENGINE_VERSION,
  };
}
