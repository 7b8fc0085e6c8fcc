import { INTL_LOCALE } from './i18n';

/** The spec's three date formats: short `15/01/2026`, long `15 janvier 2026` (`1er janvier 2026`), detail `15/01/2026 à 14:30`. */
export type DateFormat = 'short' | 'long' | 'detail';

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar date (YYYY-MM-DD) is that day wherever the browser is; a timestamp is read in local time. */
function toDate(value: string | Date): Date | null {
  const day = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  const date = day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * Formats an ISO string or a Date in French; empty string for a missing or invalid value. Written by
 * hand (no date library): every screen shows dates, home included, whose start-up has a budget.
 */
export function formatDate(value: string | Date | null | undefined, format: DateFormat = 'short'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toDate(value);
  if (!date) return '';
  const short = `${pad(date.getDate())}/${pad(date.getMonth() + 1)}/${date.getFullYear()}`;
  if (format === 'short') return short;
  if (format === 'detail') return `${short} à ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  // French writes the first day of a month as an ordinal: « 1er janvier 2026 ».
  return `${date.getDate() === 1 ? '1er' : date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

const euros = new Intl.NumberFormat(INTL_LOCALE, { style: 'currency', currency: 'EUR' });

/** Integer cents → `1 234,56 €` (Intl's French output: narrow no-break spaces as separators). */
export function formatEuros(cents: number): string {
  return euros.format(cents / 100);
}

/** Names are shown capitalised: the rule lives in contracts (server mails and PDFs use it too). */
export { capitalizeName as formatName, formatPersonName } from '@mutua/contracts';
