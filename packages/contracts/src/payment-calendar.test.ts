import { describe, expect, it } from 'vitest';
import { executionDateOf, expectedArrivalDateOf, isPaymentBusinessDay, target2ClosingDays } from './payment-calendar';

describe('payment calendar (TARGET2 and French holidays)', () => {
  it('knows the TARGET2 closing days, Good Friday included', () => {
    expect([...target2ClosingDays(2027)].sort()).toEqual(['2027-01-01', '2027-03-26', '2027-03-29', '2027-05-01', '2027-12-25', '2027-12-26']);
  });

  it('closes weekends, TARGET days and French holidays', () => {
    expect(isPaymentBusinessDay('2026-11-27')).toBe(true); // a Friday
    expect(isPaymentBusinessDay('2026-11-28')).toBe(false); // Saturday
    expect(isPaymentBusinessDay('2027-03-26')).toBe(false); // Good Friday: TARGET, not a French holiday
    expect(isPaymentBusinessDay('2026-12-26')).toBe(false); // TARGET's 26 December
    expect(isPaymentBusinessDay('2026-11-11')).toBe(false); // Armistice: a French holiday
    expect(isPaymentBusinessDay('2026-07-14')).toBe(false);
  });

  it('arrives the next business day', () => {
    expect(expectedArrivalDateOf('2026-11-26')).toBe('2026-11-27'); // Thursday → Friday
    expect(expectedArrivalDateOf('2026-11-27')).toBe('2026-11-30'); // Friday → Monday
    expect(expectedArrivalDateOf('2026-12-24')).toBe('2026-12-28'); // over Christmas and TARGET's 26 December
    expect(expectedArrivalDateOf('2027-03-25')).toBe('2027-03-30'); // over Good Friday, the weekend and Easter Monday
    expect(expectedArrivalDateOf('2026-11-10')).toBe('2026-11-12'); // over Armistice
  });

  it('executes a file built on a closed day on the next open one', () => {
    expect(executionDateOf('2026-11-28')).toBe('2026-11-30');
    expect(executionDateOf('2026-11-26')).toBe('2026-11-26');
  });
});
