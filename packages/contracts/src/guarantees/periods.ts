import { addDaysIso, addMonthsIso } from '../dates';
import { PARAM, parameterValue } from './catalogue';
import type { IsoDate, Limit, TariffParameter } from './types';

/*
 * The period a limit counts over, around a care date, so every caller counts allowances the same way.
 * A rolling window ends on the care date; glasses renew every 2 years from 16, every year from 6,
 * every 6 months before 6 (contrat responsable).
 */

/** Months of a rolling window for this member: optics windows shrink for children. */
export function windowMonths(limit: Limit, family: string, age: number, parameters: readonly TariffParameter[]): number | null {
  if (limit.period === 'ROLLING_48M') return 48;
  if (limit.period !== 'ROLLING_24M') return null;
  if (family !== 'OPTIQUE') return 24;
  if (age < 6) return parameterValue(parameters, PARAM.OPTICS_RENEWAL_MONTHS_UNDER_6);
  if (age < 16) return parameterValue(parameters, PARAM.OPTICS_RENEWAL_MONTHS_UNDER_16);
  return parameterValue(parameters, PARAM.OPTICS_RENEWAL_MONTHS);
}

/**
 * First and last day of the period holding `careDate`: the calendar year, the contract year from the
 * contract's start (the calendar year without one), or the rolling window of `months` ending that day.
 */
export function periodBounds(limit: Limit, careDate: IsoDate, opts: { contractStart?: IsoDate; months?: number | null } = {}): { from: IsoDate; to: IsoDate } {
  const year = careDate.slice(0, 4);
  if (limit.period === 'CALENDAR_YEAR' || (limit.period === 'CONTRACT_YEAR' && !opts.contractStart)) return { from: `${year}-01-01`, to: `${year}-12-31` };
  if (limit.period === 'CONTRACT_YEAR') {
    let from = `${year}${opts.contractStart!.slice(4)}`;
    if (from > careDate) from = addMonthsIso(from, -12);
    return { from, to: addDaysIso(addMonthsIso(from, 12), -1) };
  }
  const months = opts.months ?? (limit.period === 'ROLLING_48M' ? 48 : 24);
  return { from: addDaysIso(addMonthsIso(careDate, -months), 1), to: careDate };
}

/** When an equipment bought on `usedOn` may be refunded again: the same day, `months` later. */
export function renewableFrom(usedOn: IsoDate, months: number): IsoDate {
  return addMonthsIso(usedOn, months);
}
