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

/** 190000 → « 1 900,00 € ». */
export function formatEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const digits = String(Math.floor(abs / 100));
  let whole = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = whole.length; i < digits.length; i += 3) whole += `\u202f${digits.slice(i, i + 3)}`;
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')}\u00a0€`;
}

/** A percentage as a member reads it: « 150 % ». */
export const formatPercent = (pct: number): string => `${String(pct).replace('.', ',')}\u00a0%`;
