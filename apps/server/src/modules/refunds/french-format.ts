/*
 * The statement PDF's French formats: the shared ones, with a plain space between thousands (the PDF's
 * standard fonts have no narrow no-break space, and text extracted from the PDF reads as typed).
 */
import { formatDate, formatEuros } from '@mutua/contracts/french-format';

/** 123456 → '1 234,56 €'; -500 → '-5,00 €'. */
export const formatEuroCents = (cents: number): string => formatEuros(cents).replace(/\u202f/g, ' ');

/** '2026-01-15' → '15 janvier 2026'; '2025-08-01' → '1er août 2025'. */
export function formatFrenchDate(isoDate: string): string {
  const text = formatDate(isoDate.slice(0, 10), 'long');
  if (!text) throw new Error(`not an ISO date: ${isoDate}`);
  return text;
}

/** 70 → '70 %'. */
export function formatPercent(rate: number): string {
  return `${rate} %`;
}

export { capitalizeName } from '@mutua/contracts/names';
