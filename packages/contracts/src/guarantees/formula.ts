import { formatEuros, formatPercent, percentOf } from './money';
import type { Cents, Formula, ItemKind } from './types';

/*
 * A guarantee's formula → the mutuelle's amount for one line, before any cap. Every kind returns what
 * the mutuelle would pay on its own: a percentage « AMO included » gives back the Sécurité sociale's
 * part, a package per equipment gives back what the equipment's earlier lines already took.
 */

export type FormulaContext = {
  baseCents: Cents;
  expenseCents: Cents;
  amoGrossCents: Cents;
  quantity: number;
  /** One optical equipment shares one package between its lines (frame, lenses). */
  perEquipment: boolean;
  equipmentAmoCents: Cents;
  equipmentAmcCents: Cents;
  /** A 100 % Santé act's legal selling price: « frais réels » stop there, above it is no longer the basket. */
  priceCapCents?: Cents;
};

export function evaluateFormula(formula: Formula, ctx: FormulaContext): Cents {
  switch (formula.kind) {
    case 'PCT_BR':
      return formula.includesAmo ? Math.max(0, percentOf(ctx.baseCents, formula.pct) - ctx.amoGrossCents) : percentOf(ctx.baseCents, formula.pct);
    case 'FRAIS_REELS':
      return Math.max(0, Math.min(ctx.expenseCents, ctx.priceCapCents ?? Infinity) - ctx.amoGrossCents);
    case 'FIXED_PER_ACT':
    case 'PER_DAY':
      return formula.cents * ctx.quantity;
    case 'FORFAIT_ITEM': {
      const pack = ctx.perEquipment ? formula.cents : formula.cents * ctx.quantity;
      const taken = formula.includesAmo ? ctx.equipmentAmoCents + ctx.equipmentAmcCents + ctx.amoGrossCents : ctx.equipmentAmcCents;
      return Math.max(0, pack - taken);
    }
    case 'ENVELOPE':
      return formula.cents;
    case 'SUM':
      return formula.parts.reduce((sum, part) => sum + evaluateFormula(part, ctx), 0);
    case 'MIN':
      return formula.parts.length === 0 ? 0 : Math.min(...formula.parts.map((part) => evaluateFormula(part, ctx)));
  }
}

/** The sub-cap a formula sets on one kind of item (the frame of an equipment), if any. */
export function subCapOf(formula: Formula, item: ItemKind | undefined): { cents: Cents; includesAmo: boolean } | null {
  if (!item) return null;
  if (formula.kind === 'FORFAIT_ITEM') {
    const cap = formula.subCaps?.find((c) => c.item === item);
    return cap ? { cents: cap.cents, includesAmo: formula.includesAmo } : null;
  }
  if (formula.kind === 'SUM' || formula.kind === 'MIN') {
    for (const part of formula.parts) {
      const cap = subCapOf(part, item);
      if (cap) return cap;
    }
  }
  return null;
}

const ITEM_WORDS: Record<ItemKind, string> = { MONTURE: 'monture', VERRE: 'verre', LENTILLE: 'lentille', APPAREIL: 'appareil' };

/** The formula as the guarantees table writes it: « 150 % BR », « 30,00 € par séance », « 420,00 € par équipement, dont monture 100,00 € ». */
export function formulaText(formula: Formula): string {
  switch (formula.kind) {
    case 'PCT_BR':
      return `${formatPercent(formula.pct)} BR${formula.includesAmo ? '' : ' hors Sécurité sociale'}`;
    case 'FRAIS_REELS':
      return 'Frais réels';
    case 'FIXED_PER_ACT':
      return `${formatEuros(formula.cents)} par séance`;
    case 'PER_DAY':
      return `${formatEuros(formula.cents)} par jour`;
    case 'FORFAIT_ITEM': {
      const subs = (formula.subCaps ?? []).map((c) => `dont ${ITEM_WORDS[c.item]} ${formatEuros(c.cents)}`);
      return [`${formatEuros(formula.cents)}${formula.includesAmo ? '' : ' hors Sécurité sociale'}`, ...subs].join(', ');
    }
    case 'ENVELOPE':
      return `${formatEuros(formula.cents)} par an`;
    case 'SUM':
      return formula.parts.map(formulaText).join(' + ');
    case 'MIN':
      return `le moins élevé de : ${formula.parts.map(formulaText).join(' ; ')}`.replace(/ ([:;])/g, '\u00a0$1');
  }
}
