// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the library ships no types; its declaration sits beside this file
/// <reference path="./jours-feries.d.ts" />
import getJoursFeries from '@socialgouv/jours-feries';
import { frenchPublicHolidays } from './complaints';
import { addDaysIso, weekdayIso } from './dates';

/*
 * When a SEPA credit transfer arrives. Transfers settle on TARGET2 business days: weekdays except the
 * TARGET closing days (1 January, Good Friday, Easter Monday, 1 May, 25 and 26 December). French banks
 * do not credit on French public holidays either, so those count as closed too.
 */

/** Easter Monday of a year, YYYY-MM-DD (the library builds a local-time date: read it back in local time). */
function easterMonday(year: number): string {
  const d = getJoursFeries(year)['Lundi de Pâques']!;
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** TARGET2 closing days of a year, YYYY-MM-DD. */
export function target2ClosingDays(year: number): Set<string> {
  const monday = easterMonday(year);
  return new Set([`${year}-01-01`, addDaysIso(monday, -3), monday, `${year}-05-01`, `${year}-12-25`, `${year}-12-26`]);
}

/** A day a transfer can settle and be credited: a weekday, neither a TARGET2 closing day nor a French public holiday. */
export function isPaymentBusinessDay(iso: string): boolean {
  const weekday = weekdayIso(iso);
  if (weekday === 0 || weekday === 6) return false;
  const year = Number(iso.slice(0, 4));
  return !target2ClosingDays(year).has(iso) && !frenchPublicHolidays(year).has(iso);
}

/** The first business day on or after `iso`: a file built on a closed day executes on the next open one. */
export function executionDateOf(iso: string): string {
  let day = iso;
  while (!isPaymentBusinessDay(day)) day = addDaysIso(day, 1);
  return day;
}

/** When the member sees the money: the next business day after the transfer's execution date (D+1). */
export function expectedArrivalDateOf(executionDate: string): string {
  return executionDateOf(addDaysIso(executionDate, 1));
}
