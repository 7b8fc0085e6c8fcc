import { describe, expect, it } from 'vitest';
import { formatDate, formatEuros, formatFileSize, frenchDateWords, plainSpaces } from './french-format';

describe('French formats', () => {
  it('writes cents as Intl writes French euros: narrow no-break space between thousands, no-break space before the euro sign', () => {
    for (const cents of [0, 5, 2990, 123456, 123456789, -1500]) {
      expect(formatEuros(cents)).toBe(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100));
    }
    expect(formatEuros(2990)).toBe('29,90\u00a0€');
    expect(formatEuros(123456)).toBe('1\u202f234,56\u00a0€');
  });

  it('writes dates the French way, the first of the month as « 1er », timestamps in French time', () => {
    expect(formatDate('2026-11-26')).toBe('26/11/2026');
    expect(formatDate('2026-11-26', 'long')).toBe('26 novembre 2026');
    expect(formatDate('2027-01-01', 'long')).toBe('1er janvier 2027');
    expect(formatDate('2026-11-26', 'month')).toBe('novembre 2026');
    // 23:30 UTC on 31 December is already the first of January in Paris.
    expect(formatDate('2026-12-31T23:30:00Z', 'detail')).toBe('01/01/2027 à 00:30');
    expect(formatDate(new Date('2026-11-23T10:05:00Z'), 'words')).toBe('23 novembre 2026 à 11 h 05');
    expect(frenchDateWords('2026-08-01T12:00:00Z')).toBe('1er août 2026');
    expect(formatDate('pas une date')).toBe('');
    expect(formatDate(null)).toBe('');
  });

  it('turns both no-break spaces into plain ones for the standard PDF fonts', () => {
    // eslint-disable-next-line mutua/french-spacing -- plain spaces are what this function is for
    expect(plainSpaces(`Total\u00a0: ${formatEuros(123456)}`)).toBe('Total : 1 234,56 €');
  });

  it('writes a file size in Ko below a megabyte, in Mo with one decimal comma above, a no-break space before the unit', () => {
    expect(formatFileSize(10)).toBe('1\u00a0Ko');
    expect(formatFileSize(340 * 1024)).toBe('340\u00a0Ko');
    expect(formatFileSize(1.25 * 1024 * 1024)).toBe('1,3\u00a0Mo');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5\u00a0Mo');
  });
});
