/*
 * French formatting for generated documents (statement PDF): '1 234,56 €' and '15 janvier 2026'.
 * Plain spaces, not the narrow no-break spaces Intl produces: the PDF's standard fonts (WinAnsi) have no
 * glyph for U+202F, and text extracted from the PDF reads as typed.
 */

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];

/** 123456 → '1 234,56 €'; -500 → '-5,00 €'. */
export function formatEuroCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const euros = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
  return `${sign}${euros},${String(abs % 100).padStart(2, '0')}\u00a0€`;
}

/** '2026-01-15' → '15 janvier 2026'. */
export function formatFrenchDate(isoDate: string): string {
  const [y, m, d] = isoDate.slice(0, 10).split('-').map(Number);
  if (!y || !m || !d || m > 12) throw new Error(`not an ISO date: ${isoDate}`);
  return `${d} ${MONTHS[m - 1]} ${y}`;
}

/** 70 → '70 %'. */
export function formatPercent(rate: number): string {
  return `${rate} %`;
}

export { capitalizeName } from '@mutua/contracts';
