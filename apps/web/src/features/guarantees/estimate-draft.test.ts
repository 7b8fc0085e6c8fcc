import { GUARANTEES_API_ERRORS } from '@mutua/contracts/guarantees-api';
import { describe, expect, it } from 'vitest';
import { careAct } from '../../test/guarantees';
import { emptyEstimateDraft, estimateRequestOf, withAct } from './estimate-draft';

const TODAY = '2026-11-26';

const consultation = careAct({
  code: 'G',
  label: 'Consultation généraliste',
  family: 'CONSULTATION_GP',
  baseCents: 3000,
  amoRate: 70,
  asks: { sector: true, deviceClasses: [], lensComplexity: false, itemKinds: [], quantity: false },
});
const glasses = careAct({
  code: 'OPT_VERRE',
  label: 'Verre',
  heading: 'OPTIQUE',
  asks: { sector: false, deviceClasses: ['A', 'B'], lensComplexity: true, itemKinds: ['VERRE'], quantity: true },
});

describe('estimate draft', () => {
  it('an empty form answers the message of each field, and no request', () => {
    const result = estimateRequestOf({ ...emptyEstimateDraft(TODAY), careDate: '' }, TODAY);
    expect(result).toEqual({
      errors: {
        familyPosition: GUARANTEES_API_ERRORS.familyPosition,
        careDate: GUARANTEES_API_ERRORS.careDate,
        act: GUARANTEES_API_ERRORS.actCode,
        price: GUARANTEES_API_ERRORS.expense,
      },
    });
  });

  it('a French price with its spaces and comma becomes cents; sector 1 is sent for care that has none', () => {
    const draft = withAct({ ...emptyEstimateDraft(TODAY, '1'), price: '1 060,5 €' }, careAct());
    expect(estimateRequestOf(draft, TODAY)).toEqual({
      request: { familyPosition: 1, careDate: TODAY, lines: [{ actCode: 'OSTEO', expenseCents: 106050, quantity: 1, sector: '1' }] },
    });
  });

  it('zero, an absurd price, a date more than a year ahead or 3 years back are refused with the contract’s words', () => {
    const base = withAct(emptyEstimateDraft(TODAY, '1'), careAct());
    expect(estimateRequestOf({ ...base, price: '0,00' }, TODAY)).toEqual({ errors: { price: GUARANTEES_API_ERRORS.expenseZero } });
    expect(estimateRequestOf({ ...base, price: '100 000,01' }, TODAY)).toEqual({ errors: { price: GUARANTEES_API_ERRORS.expenseTooLarge } });
    expect(estimateRequestOf({ ...base, price: '60', careDate: '2027-11-27' }, TODAY)).toEqual({ errors: { careDate: GUARANTEES_API_ERRORS.careDateTooFar } });
    expect(estimateRequestOf({ ...base, price: '60', careDate: '2023-11-25' }, TODAY)).toEqual({ errors: { careDate: GUARANTEES_API_ERRORS.careDateTooOld } });
  });

  it('a doctor’s act needs the sector; a device its class and lenses; the only item kind is chosen for the member', () => {
    expect(estimateRequestOf({ ...withAct(emptyEstimateDraft(TODAY, '1'), consultation), price: '50' }, TODAY)).toEqual({
      errors: { sector: GUARANTEES_API_ERRORS.sector },
    });
    const lenses = withAct({ ...emptyEstimateDraft(TODAY, '2'), price: '300', quantity: '2' }, glasses);
    expect(lenses.itemKind).toBe('VERRE');
    expect(estimateRequestOf(lenses, TODAY)).toEqual({
      errors: { deviceClass: GUARANTEES_API_ERRORS.deviceClass, lensComplexity: GUARANTEES_API_ERRORS.lensComplexity },
    });
    expect(estimateRequestOf({ ...lenses, deviceClass: 'B', lensComplexity: 'SIMPLE' }, TODAY)).toEqual({
      request: {
        familyPosition: 2,
        careDate: TODAY,
        lines: [{ actCode: 'OPT_VERRE', expenseCents: 30000, quantity: 2, sector: '1', deviceClass: 'B', lensComplexity: 'SIMPLE', itemKind: 'VERRE' }],
      },
    });
    expect(estimateRequestOf({ ...lenses, deviceClass: 'B', lensComplexity: 'SIMPLE', quantity: '2,5' }, TODAY)).toEqual({
      errors: { quantity: GUARANTEES_API_ERRORS.quantity },
    });
  });

  it('picking another act drops the answers it no longer asks', () => {
    const typed = { ...withAct(emptyEstimateDraft(TODAY, '1'), consultation), sector: '2_NON_OPTAM' as const, quantity: '3' };
    const moved = withAct(typed, careAct());
    expect(moved).toMatchObject({ sector: '', quantity: '1', act: { code: 'OSTEO' } });
  });
});
