/*
 * Calendar arithmetic on ISO dates (YYYY-MM-DD), time-zone free: the legal deadlines of termination
 * and complaints count calendar days, months and working days in France, never hours.
 */

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date in France as YYYY-MM-DD. */
export function parisIsoDate(at: Date = new Date()): string {
  // One formatter, made on first use: building an Intl formatter costs far more than formatting.
  parisDay ??= new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });
  return parisDay.format(at);
}
let parisDay: Intl.DateTimeFormat | undefined;

function parts(iso: string): [number, number, number] {
  const [y, m, d] = iso.split('-').map(Number);
  return [y!, m!, d!];
}

function fromUtc(date: Date): string {
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

export function addDaysIso(iso: string, days: number): string {
  const [y, m, d] = parts(iso);
  return fromUtc(new Date(Date.UTC(y, m - 1, d + days)));
}

/** Adds calendar months; a day missing in the target month falls on its last day (31 January + 1 month = 28/29 February). */
export function addMonthsIso(iso: string, months: number): string {
  const [y, m, d] = parts(iso);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  return fromUtc(new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d, last))));
}

/** 0 = Sunday … 6 = Saturday. */
export function weekdayIso(iso: string): number {
  const [y, m, d] = parts(iso);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetweenIso(from: string, to: string): number {
  const [y1, m1, d1] = parts(from);
  const [y2, m2, d2] = parts(to);
  return Math.round((Date.UTC(y2, m2 - 1, d2) - Date.UTC(y1, m1 - 1, d1)) / 86_400_000);
}
