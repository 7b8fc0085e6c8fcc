import { INTL_LOCALE } from './i18n';

/** The spec's three date formats: short `15/01/2026`, long `15 janvier 2026` (`1er janvier 2026`), detail `15/01/2026 à 14:30`. */
export type DateFormat = 'short' | 'long' | 'detail';

const MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'];
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

type Parts = { year: number; month: number; day: number; hour: number; minute: number };

let parisClock: Intl.DateTimeFormat | undefined;
/**
 * A moment as read in France: the same on a device set to another time zone and on the server, which
 * renders home too (a text that differs between the two makes React throw the page's markup away).
 */
function inParis(date: Date): Parts {
  parisClock ??= new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Paris', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' });
  const parts: Record<string, number> = {};
  for (const part of parisClock.formatToParts(date)) if (part.type !== 'literal') parts[part.type] = Number(part.value);
  return parts as Parts;
}

/** A calendar date (YYYY-MM-DD) is that day wherever it is read; a timestamp is read in French time. */
function toParts(value: string | Date): Parts | null {
  const day = typeof value === 'string' ? DATE_ONLY.exec(value) : null;
  if (day) return { year: Number(day[1]), month: Number(day[2]), day: Number(day[3]), hour: 0, minute: 0 };
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : inParis(date);
}

/**
 * Formats an ISO string or a Date in French; empty string for a missing or invalid value. Written by
 * hand (no date library): every screen shows dates, home included, whose start-up has a budget.
 */
export function formatDate(value: string | Date | null | undefined, format: DateFormat = 'short'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toParts(value);
  if (!date) return '';
  const short = `${pad(date.day)}/${pad(date.month)}/${date.year}`;
  if (format === 'short') return short;
  if (format === 'detail') return `${short} à ${pad(date.hour)}:${pad(date.minute)}`;
  // French writes the first day of a month as an ordinal: « 1er janvier 2026 ».
  return `${date.day === 1 ? '1er' : date.day} ${MONTHS[date.month - 1]} ${date.year}`;
}

// Made on first use, not when the module loads: building it costs a few milliseconds, which start-up
// (one long task of module evaluation) does not need to carry.
let euros: Intl.NumberFormat | undefined;

/** Integer cents → `1 234,56 €` (Intl's French output: narrow no-break spaces as separators). */
export function formatEuros(cents: number): string {
  euros ??= new Intl.NumberFormat(INTL_LOCALE, { style: 'currency', currency: 'EUR' });
  return euros.format(cents / 100);
}

/** Names are shown capitalised: the rule lives in contracts (server mails and PDFs use it too). */
export { capitalizeName as formatName, formatPersonName } from '@mutua/contracts';
