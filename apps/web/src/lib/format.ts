import { dayjs, type Dayjs } from './dayjs';
import { INTL_LOCALE } from './i18n';

/** The spec's three date formats: short `15/01/2026`, long `15 janvier 2026` (`1er janvier 2026`), detail `15/01/2026 à 14:30`. */
export type DateFormat = 'short' | 'long' | 'detail';

const DATE_PATTERNS: Record<DateFormat, string> = {
  short: 'DD/MM/YYYY',
  long: 'D MMMM YYYY',
  detail: 'DD/MM/YYYY [à] HH:mm',
};

/** Formats an ISO string, Date or Dayjs in French; empty string for a missing or invalid value. */
export function formatDate(value: string | Date | Dayjs | null | undefined, format: DateFormat = 'short'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = dayjs(value);
  if (!date.isValid()) return '';
  // French writes the first day of a month as an ordinal: « 1er janvier 2026 ».
  if (format === 'long' && date.date() === 1) return date.format('[1er] MMMM YYYY');
  return date.format(DATE_PATTERNS[format]);
}

const euros = new Intl.NumberFormat(INTL_LOCALE, { style: 'currency', currency: 'EUR' });

/** Integer cents → `1 234,56 €` (Intl's French output: narrow no-break spaces as separators). */
export function formatEuros(cents: number): string {
  return euros.format(cents / 100);
}

/** Names are shown capitalised: the rule lives in contracts (server mails and PDFs use it too). */
export { capitalizeName as formatName, formatPersonName } from '@mutua/contracts';
