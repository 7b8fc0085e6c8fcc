import { describe, expect, it } from 'vitest';
import {
  addWorkingDays,
  complaintCountdowns,
  complaintDeadlines,
  deadlineCountdown,
  frenchPublicHolidays,
  isWorkingDay,
  workingDaysUntil,
  ZComplaintFields,
} from './complaints';

describe('jours ouvrables (Monday–Saturday, public holidays excluded)', () => {
  it('knows the French public holidays, Easter-based ones included', () => {
    const h = frenchPublicHolidays(2027);
    expect([...h].sort()).toEqual(
      [
        '2027-01-01',
        '2027-03-29',
        '2027-05-01',
        '2027-05-06',
        '2027-05-08',
        '2027-05-17',
        '2027-07-14',
        '2027-08-15',
        '2027-11-01',
        '2027-11-11',
        '2027-12-25',
      ].sort(),
    );
  });
  it('counts Monday to Saturday, not Sundays nor public holidays', () => {
    expect(isWorkingDay('2026-11-28')).toBe(true); // Saturday
    expect(isWorkingDay('2026-11-29')).toBe(false); // Sunday
    expect(isWorkingDay('2026-12-25')).toBe(false); // Christmas
    expect(addWorkingDays('2026-11-23', 10)).toBe('2026-12-04'); // Monday + 10, Saturday 28 counted
    // 2026-12-18 (Fri) + 10: skips 20 and 27 (Sundays) and 25 (Christmas)
    expect(addWorkingDays('2026-12-18', 10)).toBe('2026-12-31');
    // over New Year: 1 January and Sunday 3 January 2027 excluded
    expect(addWorkingDays('2026-12-28', 5)).toBe('2027-01-04');
  });
  it('gives the two deadlines of a complaint', () => {
    expect(complaintDeadlines('2026-11-23')).toEqual({ acknowledgeBy: '2026-12-04', answerBy: '2027-01-23' });
  });
  it('words a countdown', () => {
    expect([5, 1, 0, -1, -3].map(deadlineCountdown)).toEqual(['dans 5 jours', 'demain', 'aujourd’hui', 'dépassé d’un jour', 'dépassé de 3 jours']);
  });
});

describe('complaint fields', () => {
  it('refuses an empty subject and an unknown theme with French messages', () => {
    const r = ZComplaintFields.safeParse({ subject: ' ', theme: 'x', comment: 'ok' });
    expect(r.error?.issues.map((i) => i.message)).toEqual(["Le champ 'Objet' ne peut pas être vide", 'Veuillez choisir un thème']);
  });
});

describe('complaint countdown in « Mes demandes »', () => {
  // Received Monday 23 November 2026: acknowledgement by Friday 4 December (10 jours ouvrables), answer by 23 January 2027.
  it('counts jours ouvrables to the acknowledgement and days to the answer', () => {
    expect(complaintDeadlines('2026-11-23')).toEqual({ acknowledgeBy: '2026-12-04', answerBy: '2027-01-23' });
    expect(workingDaysUntil('2026-11-23', '2026-12-04')).toBe(10);
    expect(complaintCountdowns('2026-11-23', '2026-11-23', { acknowledged: false, answered: false })).toEqual([
      {
        kind: 'acknowledge',
        due: '2026-12-04',
        breached: false,
        text: 'Accusé de réception attendu au plus tard le 4 décembre 2026 (dans 10 jours ouvrables)',
      },
      { kind: 'answer', due: '2027-01-23', breached: false, text: 'Réponse attendue au plus tard le 23 janvier 2027 (dans 61 jours)' },
    ]);
    expect(complaintCountdowns('2026-11-23', '2026-12-03', { acknowledged: false, answered: false })[0]!.text).toBe(
      'Accusé de réception attendu au plus tard le 4 décembre 2026 (dans 1 jour ouvrable)',
    );
    expect(complaintCountdowns('2026-11-23', '2026-12-04', { acknowledged: false, answered: false })[0]!.text).toBe(
      'Accusé de réception attendu au plus tard le 4 décembre 2026 (aujourd’hui)',
    );
  });
  it('turns breached past the date, and drops what is done', () => {
    const late = complaintCountdowns('2026-11-23', '2026-12-08', { acknowledged: false, answered: false });
    expect(late[0]).toEqual(
      expect.objectContaining({ breached: true, text: 'Accusé de réception attendu au plus tard le 4 décembre 2026 (délai dépassé de 4 jours)' }),
    );
    expect(late[1]!.breached).toBe(false);
    expect(complaintCountdowns('2026-11-23', '2026-12-08', { acknowledged: true, answered: false }).map((c) => c.kind)).toEqual(['answer']);
    expect(complaintCountdowns('2026-11-23', '2027-01-25', { acknowledged: true, answered: false })[0]).toEqual(
      expect.objectContaining({ breached: true, text: 'Réponse attendue au plus tard le 23 janvier 2027 (délai dépassé de 2 jours)' }),
    );
    expect(complaintCountdowns('2026-11-23', '2027-01-25', { acknowledged: true, answered: true })).toEqual([]);
  });
});
