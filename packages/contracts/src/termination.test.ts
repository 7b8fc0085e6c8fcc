import { describe, expect, it } from 'vitest';
import { addMonthsIso, daysBetweenIso } from './dates';
import { nextDueDateWithNotice, terminationEffectiveDate, ZTerminationForm } from './termination';

describe('calendar arithmetic', () => {
  it('adds months, falling on the last day of a shorter month', () => {
    expect(addMonthsIso('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonthsIso('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonthsIso('2026-11-23', 2)).toBe('2027-01-23');
    expect(daysBetweenIso('2026-11-23', '2026-12-07')).toBe(14);
  });
});

describe('termination end date', () => {
  it('at the due date with 2 months notice: before 1 November it is the next 1 January', () => {
    expect(nextDueDateWithNotice('2026-10-31')).toBe('2027-01-01');
    expect(nextDueDateWithNotice('2026-11-01')).toBe('2027-01-01');
    expect(nextDueDateWithNotice('2026-11-02')).toBe('2028-01-01');
    const r = terminationEffectiveDate({ reason: 'DUE_DATE', receivedOn: '2026-09-15', membershipStart: '2020-01-01' });
    expect(r).toEqual({ effectiveDate: '2027-01-01', lastCoveredDate: '2026-12-31', basis: 'DUE_DATE', desiredDateKept: false });
  });

  it('after one full year: one month after receipt', () => {
    const r = terminationEffectiveDate({ reason: 'AFTER_ONE_YEAR', receivedOn: '2026-11-23', membershipStart: '2024-01-01' });
    expect(r).toMatchObject({ effectiveDate: '2026-12-23', lastCoveredDate: '2026-12-22', basis: 'ONE_MONTH_AFTER_ONE_YEAR' });
    // exactly one year is a full year
    expect(terminationEffectiveDate({ reason: 'OTHER', receivedOn: '2026-03-01', membershipStart: '2025-03-01' }).basis).toBe('ONE_MONTH_AFTER_ONE_YEAR');
  });

  it('before one year of membership: only at the due date', () => {
    const r = terminationEffectiveDate({ reason: 'AFTER_ONE_YEAR', receivedOn: '2026-11-23', membershipStart: '2026-02-01' });
    expect(r).toMatchObject({ effectiveDate: '2028-01-01', basis: 'DUE_DATE' });
  });

  it('change of situation within 3 months of the event: one month after receipt, even in the first year', () => {
    const r = terminationEffectiveDate({ reason: 'MOVE', receivedOn: '2026-11-23', membershipStart: '2026-06-01', date: '2026-09-01' });
    expect(r).toMatchObject({ effectiveDate: '2026-12-23', basis: 'ONE_MONTH_AFTER_SITUATION_CHANGE' });
  });

  it('change of situation more than 3 months ago, or in the future: the other rules apply', () => {
    expect(terminationEffectiveDate({ reason: 'JOB', receivedOn: '2026-11-23', membershipStart: '2026-06-01', date: '2026-08-22' }).basis).toBe('DUE_DATE');
    expect(terminationEffectiveDate({ reason: 'JOB', receivedOn: '2026-11-23', membershipStart: '2020-06-01', date: '2026-12-10' }).basis).toBe(
      'ONE_MONTH_AFTER_ONE_YEAR',
    );
  });

  it('keeps a later wished date, never an earlier one', () => {
    const later = terminationEffectiveDate({ reason: 'AFTER_ONE_YEAR', receivedOn: '2026-11-23', membershipStart: '2020-01-01', date: '2027-03-01' });
    expect(later).toMatchObject({ effectiveDate: '2027-03-01', desiredDateKept: true });
    const earlier = terminationEffectiveDate({ reason: 'AFTER_ONE_YEAR', receivedOn: '2026-11-23', membershipStart: '2020-01-01', date: '2026-12-01' });
    expect(earlier).toMatchObject({ effectiveDate: '2026-12-23', desiredDateKept: false });
  });
});

describe('termination form', () => {
  const base = {
    surName: 'Martin',
    firstName: 'Jeanne',
    email: 'jeanne@example.org',
    insurerContract: 'C-1',
    kind: 'INDIVIDUAL_CONTRACT',
    reason: 'DUE_DATE',
    familyPositions: [1],
  };
  it('accepts the strict minimum', () => {
    expect(ZTerminationForm.safeParse(base).success).toBe(true);
  });
  it('asks an option for paid options, a text for another reason, an event date for a change of situation', () => {
    const messages = (v: object) => (ZTerminationForm.safeParse({ ...base, ...v }).error?.issues ?? []).map((i) => i.message);
    expect(messages({ kind: 'PAID_OPTIONS' })).toEqual(['Veuillez choisir au moins une option']);
    expect(messages({ reason: 'OTHER' })).toEqual(['Veuillez préciser le motif']);
    expect(messages({ reason: 'MOVE' })).toEqual(['Veuillez indiquer la date de l’événement']);
    expect(messages({ familyPositions: [] })).toEqual(['Veuillez choisir au moins une personne']);
    expect(messages({ email: 'nope' })).toEqual(['Veuillez saisir une adresse e-mail valide']);
    expect(messages({ surName: 'M@rtin' })).toEqual(['Les caractères spéciaux ne sont pas autorisés']);
  });
});

describe('French dates in words', () => {
  it('writes « 1er » for the first of the month', async () => {
    const { frenchDateWords } = await import('./french-format');
    expect(frenchDateWords('2027-01-01')).toBe('1er janvier 2027');
    expect(frenchDateWords('2026-12-23')).toBe('23 décembre 2026');
  });
});
