/*
 * Money in integer cents: one rounding rule (half-up, once per step) and the French way of writing
 * an amount (« 1 700,00 € »: narrow no-break space between thousands, no-break space before €).
 */

/** pct % of cents, rounded half-up to the cent (amounts are never negative here). */
export function percentOf(cents: number, pct: number): number {
  return Math.floor((cents * pct + 50) / 100);
}

/** a × n / d rounded half-up: a share of an amount (the sessions left of those asked). */
export function shareOf(cents: number, n: number, d: number): number {
  return d <= 0 ? 0 : Math.floor((2 * cents * n + d) / (2 * d));
}

/** The French way of writing an amount lives with the other French formats. */
export { formatEuros } from '../french-format';

/** A percentage as a member reads it: « 150 % ». */
export const formatPercent = (pct: number): string => `${String(pct).replace('.', ',')}\u00a0%`;
