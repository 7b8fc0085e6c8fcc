/*
 * How the portal writes money and dates in French, the same on the member's screens, the back office,
 * mails and PDFs. Zod-free and written by hand (no date library): every screen shows dates, home
 * included, whose start-up has a size budget.
 */

export const FRENCH_MONTHS = ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'] as const;

/** Narrow no-break space between thousands, no-break space before « € » (Intl's French output). */
export const NARROW_NBSP = '\u202f';
export const NBSP = '\u00a0';

/** 190000 → « 1 900,00 € »; -500 → « -5,00 € ». */
export function formatEuros(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  const digits = String(Math.floor(abs / 100));
  let whole = digits.slice(0, ((digits.length - 1) % 3) + 1);
  for (let i = whole.length; i < digits.length; i += 3) whole += `${NARROW_NBSP}${digits.slice(i, i + 3)}`;
  return `${sign}${whole},${String(abs % 100).padStart(2, '0')}${NBSP}€`;
}

/**
 * Both kinds of no-break space as plain spaces: the standard PDF fonts (WinAnsi) have no glyph for the
 * narrow one, and text extracted from a PDF reads as typed.
 */
export const plainSpaces = (text: string): string => text.replace(/[\u202f\u00a0]/g, ' ');

/**
 * short `15/01/2026`, long `15 janvier 2026` (`1er janvier 2026`), detail `15/01/2026 à 14:30`,
 * words `15 janvier 2026 à 14 h 30` (letters and mails), month `janvier 2026`.
 */
export type DateFormat = 'short' | 'long' | 'detail' | 'words' | 'month';

type Parts = { year: number; month: number; day: number; hour: number; minute: number };
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (n: number) => String(n).padStart(2, '0');

let parisClock: Intl.DateTimeFormat | undefined;
/**
 * A moment as read in France: the same on a device set to another time zone and on the server, which
 * renders home too (a text that differs between the two makes React throw the page's markup away).
 */
export function inParis(date: Date): Parts {
  parisClock ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Paris',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    hourCycle: 'h23',
  });
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

/** An ISO string or a Date in French (plain spaces); empty string for a missing or invalid value. */
export function formatDate(value: string | Date | null | undefined, format: DateFormat = 'short'): string {
  if (value === null || value === undefined || value === '') return '';
  const date = toParts(value);
  if (!date) return '';
  const short = `${pad(date.day)}/${pad(date.month)}/${date.year}`;
  if (format === 'short') return short;
  if (format === 'detail') return `${short} à ${pad(date.hour)}:${pad(date.minute)}`;
  if (format === 'month') return `${FRENCH_MONTHS[date.month - 1]} ${date.year}`;
  // French writes the first day of a month as an ordinal: « 1er janvier 2026 ».
  const long = `${date.day === 1 ? '1er' : date.day} ${FRENCH_MONTHS[date.month - 1]} ${date.year}`;
  return format === 'long' ? long : `${long} à ${pad(date.hour)} h ${pad(date.minute)}`;
}

/** '2027-01-01' → '1er janvier 2027': the day of an ISO date or timestamp, as written in letters and mails. */
export const frenchDateWords = (iso: string): string => formatDate(iso.slice(0, 10), 'long');

/** A file's size as French writes it: « 340 Ko », « 1,2 Mo » (a no-break space before the unit; 1 Ko at the least). */
export function formatFileSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024)}${NBSP}Mo`;
  return `${Math.max(1, Math.round(bytes / 1024))}${NBSP}Ko`;
}
