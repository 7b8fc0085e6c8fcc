import { describe, expect, it } from 'vitest';
import { PORTABILITY_MESSAGES, portabilityFor, portabilityMonths, portabilityPeriod, type PortabilityRuleInput } from './portability';

// A 3-month collective contract (1 August – 31 October 2026): portability 1 November 2026 – 31 January 2027.
const period = { collectiveStart: '2026-08-01', collectiveEnd: '2026-10-31' };
const input = (over: Partial<PortabilityRuleInput> = {}): PortabilityRuleInput => ({
  enabled: true,
  period,
  proofMonths: new Set(),
  today: '2026-11-23',
  ...over,
});

describe('portabilityMonths and portabilityPeriod (up to 12 months, prorated)', () => {
  it('counts the collective contract in whole months, rounded up, 12 at most', () => {
    expect(portabilityMonths('2026-08-01', '2026-10-31')).toBe(3);
    expect(portabilityMonths('2026-08-01', '2026-11-01')).toBe(4); // 3 months and 1 day → 4
    expect(portabilityMonths('2026-08-15', '2026-08-20')).toBe(1); // a few days → 1 month
    expect(portabilityMonths('2026-01-31', '2026-02-27')).toBe(1); // 31 January + 1 month = 28 February
    expect(portabilityMonths('2025-01-01', '2025-12-31')).toBe(12);
    expect(portabilityMonths('2020-03-01', '2026-10-31')).toBe(12); // years of contract → 12 months only
  });

  it('starts the day after the contract ended and ends the day before the same date N months later', () => {
    expect(portabilityPeriod('2026-08-01', '2026-10-31')).toEqual({ start: '2026-11-01', end: '2027-01-31', months: 3 });
    expect(portabilityPeriod('2020-03-01', '2026-06-15')).toEqual({ start: '2026-06-16', end: '2027-06-15', months: 12 });
    expect(portabilityPeriod('2026-01-10', '2026-01-30')).toEqual({ start: '2026-01-31', end: '2026-02-27', months: 1 });
  });
});

describe('portabilityFor: which of the 3 cases applies on which date', () => {
  it('STARTING during the first month, PROOF_DUE between, ENDING during the last month', () => {
    expect(portabilityFor(input({ today: '2026-11-01' }))).toEqual({ case: 'STARTING', start: '2026-11-01', end: '2027-01-31', months: 3, month: '2026-11' });
    expect(portabilityFor(input({ today: '2026-11-30' }))!.case).toBe('STARTING');
    expect(portabilityFor(input({ today: '2026-12-01' }))).toMatchObject({ case: 'PROOF_DUE', month: '2026-12' });
    expect(portabilityFor(input({ today: '2026-12-31' }))!.case).toBe('PROOF_DUE');
    expect(portabilityFor(input({ today: '2027-01-01' }))).toMatchObject({ case: 'ENDING', month: '2027-01' });
    expect(portabilityFor(input({ today: '2027-01-31' }))!.case).toBe('ENDING');
  });

  it('a 1-month portability only starts; a 12-month one asks the proof ten months in between', () => {
    const short = { collectiveStart: '2026-10-15', collectiveEnd: '2026-10-31' };
    expect(portabilityFor(input({ period: short, today: '2026-11-30' }))!.case).toBe('STARTING');
    const long = { collectiveStart: '2020-01-01', collectiveEnd: '2026-10-31' };
    expect(portabilityFor(input({ period: long, today: '2026-12-05' }))!.case).toBe('PROOF_DUE');
    expect(portabilityFor(input({ period: long, today: '2027-09-30' }))!.case).toBe('PROOF_DUE');
    expect(portabilityFor(input({ period: long, today: '2027-10-01' }))).toMatchObject({ case: 'ENDING', end: '2027-10-31', months: 12 });
  });

  it('nothing before the start, after the end, without portability or with the toggle off', () => {
    expect(portabilityFor(input({ today: '2026-10-31' }))).toBeNull();
    expect(portabilityFor(input({ today: '2027-02-01' }))).toBeNull();
    expect(portabilityFor(input({ period: null }))).toBeNull();
    expect(portabilityFor(input({ enabled: false }))).toBeNull();
  });

  it('nothing once this calendar month’s proof is received; the next month asks again', () => {
    const received = new Set(['2026-11']);
    expect(portabilityFor(input({ proofMonths: received, today: '2026-11-23' }))).toBeNull();
    expect(portabilityFor(input({ proofMonths: received, today: '2026-12-02' }))).toMatchObject({ case: 'PROOF_DUE', month: '2026-12' });
  });

  it('the France Travail notice lists what the proof must show', () => {
    for (const part of ['numéro de Sécurité sociale', 'identifiant France Travail', 'période', 'jours indemnisés', 'montant journalier', 'date de début']) {
      expect(PORTABILITY_MESSAGES.legalNotice).toContain(part);
    }
  });
});
