import { describe, expect, it } from 'vitest';
import { careTotals, estimateCareDateProblem, GUARANTEES_API_ERRORS, ZCareActSearchQuery, ZEstimateRequest } from './guarantees-api';
import { parisIsoDate } from './dates';
import { isoDateMinusYears } from './refund-requests';

const today = parisIsoDate();
const line = { actCode: 'G', expenseCents: 30_00, quantity: 1, sector: '1' };
const messages = (body: unknown) => {
  const r = ZEstimateRequest.safeParse(body);
  return r.success ? [] : r.error.issues.map((i) => i.message);
};

describe('estimate care date', () => {
  it('takes 3 years back and one year ahead, both days included', () => {
    expect(estimateCareDateProblem('2026-03-10', '2026-03-10')).toBeNull();
    expect(estimateCareDateProblem('2023-03-10', '2026-03-10')).toBeNull();
    expect(estimateCareDateProblem('2027-03-10', '2026-03-10')).toBeNull();
    expect(estimateCareDateProblem('2023-03-09', '2026-03-10')).toBe(GUARANTEES_API_ERRORS.careDateTooOld);
    expect(estimateCareDateProblem('2027-03-11', '2026-03-10')).toBe(GUARANTEES_API_ERRORS.careDateTooFar);
  });
  it('refuses what is no date', () => {
    expect(estimateCareDateProblem('2026-02-30', '2026-03-10')).toBe(GUARANTEES_API_ERRORS.careDate);
    expect(estimateCareDateProblem('10/03/2026', '2026-03-10')).toBe(GUARANTEES_API_ERRORS.careDate);
  });
});

describe('ZEstimateRequest', () => {
  it('accepts the contract example and defaults quantity and sector', () => {
    const parsed = ZEstimateRequest.parse({ familyPosition: 1, careDate: today, lines: [{ actCode: 'OSTEO', expenseCents: 60_00 }] });
    expect(parsed.lines[0]).toEqual({ actCode: 'OSTEO', expenseCents: 60_00, quantity: 1, sector: '1' });
  });
  it('answers French messages for zero, absurd and missing input', () => {
    expect(messages({ familyPosition: 1, careDate: today, lines: [{ ...line, expenseCents: 0 }] })).toEqual([GUARANTEES_API_ERRORS.expenseZero]);
    expect(messages({ familyPosition: 1, careDate: today, lines: [{ ...line, expenseCents: 100_000_01 }] })).toEqual([GUARANTEES_API_ERRORS.expenseTooLarge]);
    expect(messages({ familyPosition: 1, careDate: today, lines: [{ ...line, expenseCents: 12.5 }] })).toEqual([GUARANTEES_API_ERRORS.expense]);
    expect(messages({ familyPosition: 1, careDate: today, lines: [{ ...line, sector: '3' }] })).toEqual([GUARANTEES_API_ERRORS.sector]);
    expect(messages({ familyPosition: 1, careDate: today, lines: [] })).toEqual([GUARANTEES_API_ERRORS.lines]);
    expect(messages({ familyPosition: 0, careDate: today, lines: [line] })).toEqual([GUARANTEES_API_ERRORS.familyPosition]);
    expect(messages({ familyPosition: 1, careDate: isoDateMinusYears(today, 4), lines: [line] })).toEqual([GUARANTEES_API_ERRORS.careDateTooOld]);
    expect(messages({ familyPosition: 1, careDate: isoDateMinusYears(today, -2), lines: [line] })).toEqual([GUARANTEES_API_ERRORS.careDateTooFar]);
  });
});

describe('care-act search query', () => {
  it('needs 2 to 60 characters', () => {
    expect(ZCareActSearchQuery.safeParse({ q: ' o ' }).error?.issues[0]?.message).toBe(GUARANTEES_API_ERRORS.query);
    expect(ZCareActSearchQuery.parse({ q: ' osteo ' })).toEqual({ q: 'osteo' });
  });
});

describe('careTotals', () => {
  it('adds each column', () => {
    const a = { expenseCents: 30_00, amoNetCents: 19_00, participationCents: 2_00, franchiseCents: 0, amcCents: 9_00, remainingCents: 2_00 };
    expect(careTotals([a, a])).toEqual({
      expenseCents: 60_00,
      amoNetCents: 38_00,
      participationCents: 4_00,
      franchiseCents: 0,
      amcCents: 18_00,
      remainingCents: 4_00,
    });
  });
});
