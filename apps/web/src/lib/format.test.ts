import { describe, expect, it } from 'vitest';
import { formatDate, formatEuros, formatName, formatPersonName } from './format';

/** Intl's French output separates with narrow no-break spaces (U+202F) and no-break spaces (U+00A0). */
const spaces = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

describe('formatDate', () => {
  it('formats short, long and detail French dates', () => {
    expect(formatDate('2026-01-15')).toBe('15/01/2026');
    expect(formatDate('2026-01-15', 'long')).toBe('15 janvier 2026');
    expect(formatDate(new Date('2026-01-15T13:30:00Z'), 'detail')).toBe('15/01/2026 à 14:30');
    expect(formatDate('2026-08-01', 'long')).toBe('1er août 2026');
    expect(formatDate('2026-01-01T10:00:00Z', 'long')).toBe('1er janvier 2026');
    expect(formatDate('2026-08-01', 'short')).toBe('01/08/2026');
    expect(formatDate('2026-12-31', 'long')).toBe('31 décembre 2026');
    expect(formatDate('2026-02-09T07:05:00Z', 'detail')).toBe('09/02/2026 à 08:05');
  });
  it('reads a moment in French time, whatever the device’s (or the server’s) time zone', () => {
    // 23:30 UTC is already the next day in Paris; summer time is UTC+2.
    expect(formatDate('2026-03-14T23:30:00Z', 'detail')).toBe('15/03/2026 à 00:30');
    expect(formatDate('2026-07-31T22:15:00.000Z', 'long')).toBe('1er août 2026');
    expect(formatDate('2026-07-01T10:00:00Z', 'detail')).toBe('01/07/2026 à 12:00');
  });
  it('reads a calendar date as that day, whatever the time zone (no UTC midnight shift)', () => {
    // new Date('2026-03-01') would be UTC midnight: the day before west of Greenwich.
    expect(formatDate('2026-03-01', 'long')).toBe('1er mars 2026');
    expect(formatDate('2026-03-01')).toBe('01/03/2026');
  });
  it('returns an empty string for missing or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

describe('formatEuros', () => {
  it('formats integer cents as French euros', () => {
    expect(spaces(formatEuros(123456))).toBe('1 234,56 €');
    expect(spaces(formatEuros(0))).toBe('0,00 €');
    expect(spaces(formatEuros(5))).toBe('0,05 €');
    expect(spaces(formatEuros(100000000))).toBe('1 000 000,00 €');
    expect(spaces(formatEuros(-2550))).toBe('-25,50 €');
  });
});

describe('formatName', () => {
  it('capitalises names stored in capitals, compound names included', () => {
    expect(formatName('LÉA')).toBe('Léa');
    expect(formatName('JEAN-PIERRE')).toBe('Jean-Pierre');
    expect(formatName("D'ALEMBERT")).toBe("D'Alembert");
    expect(formatName('MARIE CLAIRE')).toBe('Marie Claire');
    expect(formatPersonName({ firstName: 'CAMILLE', surName: 'DURAND' })).toBe('Camille Durand');
  });
});
