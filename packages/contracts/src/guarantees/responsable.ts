import { PARAM, parameterValue, type OpticsGridCase } from './catalogue';
import { evaluateFormula, type FormulaContext } from './formula';
import { formatEuros, percentOf } from './money';
import type { CapCode, CareAct, Cents, Guarantee, LensComplexity, TariffParameter } from './types';

/*
 * The contrat responsable's caps and obligations (CSS L871-1, R871-1, R871-2), applied by the engine
 * whenever a product is responsable, so products never repeat them. Caps include the Sécurité
 * sociale's part. Caps first, then the obligations (full co-payment, FJH without time limit,
 * 100 % Santé up to the price cap), which can only raise the amount within the expense.
 */

export type AmountCapper = {
  readonly amc: Cents;
  cap(code: CapCode, label: string, max: Cents): void;
  raise(code: CapCode, label: string, min: Cents): void;
};

export type ResponsableLine = {
  act: CareAct;
  parameters: readonly TariffParameter[];
  baseCents: Cents;
  expenseCents: Cents;
  amoGrossCents: Cents;
  /** The Sécurité sociale's part had the member been inside the parcours de soins. */
  amoInParcoursCents: Cents;
  quantity: number;
  nonOptam: boolean;
  deviceClass: string | undefined;
  frame: boolean;
  equipmentAmoCents: Cents;
  equipmentAmcCents: Cents;
  lenses: [LensComplexity, LensComplexity];
  /** How the OPTAM guarantee of the same family pays this line (for the non-OPTAM gap), if any. */
  optamGuarantee: Guarantee | undefined;
  formulaContext: FormulaContext;
  /** An equipment renewal limit refused the line: no obligation outside the renewal period. */
  renewalRefused: boolean;
};

const RANK: Record<LensComplexity, number> = { SIMPLE: 0, COMPLEX: 1, VERY_COMPLEX: 2 };

/** Two lenses → the legal grid's case: (a) simple/simple … (f) very complex/very complex. */
export function opticsGridCase(lenses: [LensComplexity, LensComplexity]): OpticsGridCase {
  const [low, high] = [...lenses].sort((x, y) => RANK[x] - RANK[y]) as [LensComplexity, LensComplexity];
  const key = `${low}/${high}`;
  const cases: Record<string, OpticsGridCase> = {
    'SIMPLE/SIMPLE': 'A',
    'SIMPLE/COMPLEX': 'B',
    'COMPLEX/COMPLEX': 'C',
    'SIMPLE/VERY_COMPLEX': 'D',
    'COMPLEX/VERY_COMPLEX': 'E',
    'VERY_COMPLEX/VERY_COMPLEX': 'F',
  };
  return cases[key]!;
}

/** A legal cap: lowers the amount and bounds the obligations applied after it. Labels are built only when they apply. */
function legalCap(amount: AmountCapper, ceiling: { cents: Cents }, code: CapCode, max: Cents, label: string, cents?: Cents): void {
  if (max < ceiling.cents) ceiling.cents = max;
  if (amount.amc > Math.max(0, max)) amount.cap(code, cents === undefined ? label : label.replace('{}', formatEuros(cents)), max);
}

export function applyResponsable(line: ResponsableLine, amount: AmountCapper): void {
  const { act, parameters: p, baseCents: base, amoGrossCents: amo } = line;
  const room = line.expenseCents - amo;
  // A legal cap also bounds the obligations: the co-payment of a lens never lifts an equipment past its cap.
  const ceiling = { cents: room };

  // Outside the parcours de soins the rate cut stays with the member.
  const parcoursCut = line.amoInParcoursCents - amo;
  if (parcoursCut > 0) {
    legalCap(
      amount,
      ceiling,
      'RESPONSABLE_PARCOURS',
      room - parcoursCut,
      'hors parcours de soins\u00a0: la majoration reste à votre charge – contrat responsable',
    );
  }

  // A non-OPTAM doctor's overbilling: at most 100 % of the base, and 20 % of the base below what the
  // contract pays an OPTAM doctor's overbilling.
  if (line.nonOptam && base > 0) {
    const optamCover = amo + (line.optamGuarantee ? evaluateFormula(line.optamGuarantee.formula, line.formulaContext) : 0);
    const optamOverbilling = Math.max(0, optamCover - base);
    const gap = percentOf(base, parameterValue(p, PARAM.NON_OPTAM_GAP_PCT));
    const most = percentOf(base, parameterValue(p, PARAM.NON_OPTAM_OVERBILLING_MAX_PCT));
    const overbilling = Math.max(0, Math.min(most, optamOverbilling - gap));
    legalCap(amount, ceiling, 'RESPONSABLE_NON_OPTAM', base + overbilling - amo, 'dépassement d’honoraires non OPTAM plafonné – contrat responsable');
  }

  if (act.family === 'OPTIQUE' && line.deviceClass === 'B') {
    if (line.frame) {
      const frameMax = parameterValue(p, PARAM.OPTICS_FRAME_MAX);
      legalCap(amount, ceiling, 'RESPONSABLE_FRAME', frameMax - amo, 'plafond monture {} – contrat responsable', frameMax);
    }
    const gridMax = parameterValue(p, `OPTICS_B_${opticsGridCase(line.lenses)}_MAX`);
    legalCap(
      amount,
      ceiling,
      'RESPONSABLE_OPTICS',
      gridMax - line.equipmentAmoCents - line.equipmentAmcCents - amo,
      'plafond équipement optique {} – contrat responsable',
      gridMax,
    );
  }

  if (act.family === 'AUDIO' && line.deviceClass === 'II') {
    const perEar = parameterValue(p, PARAM.HEARING_II_MAX_PER_EAR);
    legalCap(amount, ceiling, 'RESPONSABLE_HEARING', perEar * line.quantity - amo, 'plafond {} par oreille – contrat responsable', perEar);
  }

  if (line.renewalRefused) return;
  const top = Math.min(room, ceiling.cents);
  const hundredPercent = act.basket === 'CENT_POUR_CENT_SANTE' || line.deviceClass === 'A' || line.deviceClass === 'I';
  if (hundredPercent) {
    const price = act.priceCapCents !== undefined ? Math.min(line.expenseCents, act.priceCapCents * line.quantity) : line.expenseCents;
    amount.raise('RESPONSABLE_MINIMUM', '100 % Santé\u00a0: pris en charge jusqu’au prix limite – contrat responsable', Math.min(top, price - amo));
  } else if (act.family === 'HOSPIT_FJH' || act.family === 'HOSPIT_URGENCES') {
    const label =
      act.family === 'HOSPIT_FJH'
        ? 'forfait journalier pris en charge sans limite de durée – contrat responsable'
        : 'forfait patient urgences pris en charge – contrat responsable';
    amount.raise('RESPONSABLE_MINIMUM', label, Math.min(top, base - amo));
  } else if (!act.coPaymentOptional && base > 0) {
    amount.raise('RESPONSABLE_MINIMUM', 'ticket modérateur pris en charge – contrat responsable', Math.min(top, base - line.amoInParcoursCents));
  }
}
