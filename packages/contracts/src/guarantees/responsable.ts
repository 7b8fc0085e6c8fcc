import { PARAM, parameterValue, type OpticsGridCase } from './catalogue';
import { evaluateFormula, type FormulaContext } from './formula';
import { formatEuros } from './money';
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
    'SIMPLE/SIMPLE': 'A', 'SIMPLE/COMPLEX': 'B', 'COMPLEX/COMPLEX': 'C', 'SIMPLE/VERY_COMPLEX': 'D', 'COMPLEX/VERY_COMPLEX': 'E', 'VERY_COMPLEX/VERY_COMPLEX': 'F',
  };
  return cases[key]!;
}

export function applyResponsable(line: ResponsableLine, amount: AmountCapper): void {
  const { act, parameters: p, baseCents: base, amoGrossCents: amo } = line;
  const room = line.expenseCents - amo;
  // A legal cap also bounds the obligations: the co-payment of a lens never lifts an equipment past its cap.
  let ceiling = room;
  const cap = (code: CapCode, label: string, max: Cents) => {
    ceiling = Math.min(ceiling, max);
    amount.cap(code, label, max);
  };
  const raise = (label: string, min: Cents) => amount.raise('RESPONSABLE_MINIMUM', label, Math.min(min, ceiling));

  // Outside the parcours de soins the rate cut stays with the member.
  const parcoursCut = line.amoInParcoursCents - amo;
  if (parcoursCut > 0) {
    cap('RESPONSABLE_PARCOURS', 'hors parcours de soins : la majoration reste à votre charge – contrat responsable', room - parcoursCut);
  }

  // A non-OPTAM doctor's overbilling: at most 100 % of the base, and 20 % of the base below what the
  // contract pays an OPTAM doctor's overbilling.
  if (line.nonOptam && base > 0) {
    const optamCover = amo + (line.optamGuarantee ? evaluateFormula(line.optamGuarantee.formula, line.formulaContext) : 0);
    const optamOverbilling = Math.max(0, optamCover - base);
    const gap = Math.floor((base * parameterValue(p, PARAM.NON_OPTAM_GAP_PCT) + 50) / 100);
    const most = Math.floor((base * parameterValue(p, PARAM.NON_OPTAM_OVERBILLING_MAX_PCT) + 50) / 100);
    const overbilling = Math.max(0, Math.min(most, optamOverbilling - gap));
    cap('RESPONSABLE_NON_OPTAM', 'dépassement d’honoraires non OPTAM plafonné – contrat responsable', base + overbilling - amo);
  }

  if (act.family === 'OPTIQUE' && line.deviceClass === 'B') {
    if (line.frame) {
      const frameMax = parameterValue(p, PARAM.OPTICS_FRAME_MAX);
      cap('RESPONSABLE_FRAME', `plafond monture ${formatEuros(frameMax)} – contrat responsable`, frameMax - amo);
    }
    const gridMax = parameterValue(p, `OPTICS_B_${opticsGridCase(line.lenses)}_MAX`);
    cap('RESPONSABLE_OPTICS', `plafond équipement optique ${formatEuros(gridMax)} – contrat responsable`, gridMax - line.equipmentAmoCents - line.equipmentAmcCents - amo);
  }

  if (act.family === 'AUDIO' && line.deviceClass === 'II') {
    const perEar = parameterValue(p, PARAM.HEARING_II_MAX_PER_EAR);
    cap('RESPONSABLE_HEARING', `plafond ${formatEuros(perEar)} par oreille – contrat responsable`, perEar * line.quantity - amo);
  }

  if (line.renewalRefused) return;
  const hundredPercent = act.basket === 'CENT_POUR_CENT_SANTE' || line.deviceClass === 'A' || line.deviceClass === 'I';
  if (hundredPercent) {
    const price = act.priceCapCents !== undefined ? Math.min(line.expenseCents, act.priceCapCents * line.quantity) : line.expenseCents;
    raise('100 % Santé : pris en charge jusqu’au prix limite – contrat responsable', Math.min(room, price - amo));
  } else if (act.family === 'HOSPIT_FJH' || act.family === 'HOSPIT_URGENCES') {
    const label = act.family === 'HOSPIT_FJH' ? 'forfait journalier pris en charge sans limite de durée – contrat responsable' : 'forfait patient urgences pris en charge – contrat responsable';
    raise(label, Math.min(room, base - amo));
  } else if (!act.coPaymentOptional && base > 0) {
    raise('ticket modérateur pris en charge – contrat responsable', Math.min(room, base - line.amoInParcoursCents));
  }
}
