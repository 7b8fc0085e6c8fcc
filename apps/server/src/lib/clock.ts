/** The time source of the sign-in rules (code validity, blocks, session timeouts): injectable for tests. */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

export const addMs = (date: Date, ms: number) => new Date(date.getTime() + ms);
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;

/** Built once: constructing an Intl.DateTimeFormat costs far more than formatting with one. */
const PARIS_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris', year: 'numeric', month: '2-digit', day: '2-digit' });

/** Today's date in France (YYYY-MM-DD), for business dates such as contract validity. */
export function parisDate(date: Date): string {
  return PARIS_DATE.format(date);
}
