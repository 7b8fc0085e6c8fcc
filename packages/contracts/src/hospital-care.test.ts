import { describe, expect, it } from 'vitest';
import { HOSPITAL_CARE_ERRORS, admissionDateProblem, isValidAdeli, isValidDmt, isValidFiness, isValidRpps, isoDatePlusDays, luhnValid } from './hospital-care';

describe('FINESS (RULES.md: 9 characters, Luhn key, 2A/2B without the key)', () => {
  it.each(['750712184', '750100125', '130786049', '690781810'])('accepts the real number %s', (n) => expect(isValidFiness(n)).toBe(true));
  it('refuses a wrong key, a wrong length and letters', () => {
    expect(isValidFiness('750712185')).toBe(false);
    expect(isValidFiness('75071218')).toBe(false);
    expect(isValidFiness('75071218A')).toBe(false);
  });
  it('accepts Corsican numbers without the key check', () => {
    expect(isValidFiness('2A0000013')).toBe(true);
    expect(isValidFiness('2b0000014')).toBe(true);
  });
  it('Luhn on a known vector', () => {
    expect(luhnValid('79927398713')).toBe(true);
    expect(luhnValid('79927398710')).toBe(false);
  });
});

describe('Adeli, RPPS, DMT', () => {
  it('checks length and digits only', () => {
    expect(isValidAdeli('751234567')).toBe(true);
    expect(isValidAdeli('75123456')).toBe(false);
    expect(isValidRpps('10101234567')).toBe(true);
    expect(isValidRpps('1010123456')).toBe(false);
    expect(isValidDmt('')).toBe(true);
    expect(isValidDmt('302')).toBe(true);
    expect(isValidDmt('30')).toBe(false);
    expect(isValidDmt('3O2')).toBe(false);
  });
});

describe('admission date (at most 15 days ahead)', () => {
  it('accepts today + 15, refuses today + 16', () => {
    expect(isoDatePlusDays('2026-11-23', 15)).toBe('2026-12-08');
    expect(admissionDateProblem('2026-12-08', '2026-11-23')).toBeNull();
    expect(admissionDateProblem('2026-12-09', '2026-11-23')).toBe(HOSPITAL_CARE_ERRORS.admissionTooFar);
    expect(HOSPITAL_CARE_ERRORS.admissionTooFar).toContain('15\u00a0jours');
  });
});
