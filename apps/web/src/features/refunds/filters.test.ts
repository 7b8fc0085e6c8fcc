import { REFUND_FILTER_ERRORS } from '@mutua/contracts/refunds';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTERS, filtersError, filtersFromSearch, refundQueryOf } from './filters';

describe('refund filters → query parameters', () => {
  it('lists go comma-separated, empty filters are left out', () => {
    expect(refundQueryOf(EMPTY_FILTERS)).toEqual({ startDate: undefined, endDate: undefined, beneficiaryTypes: undefined, operationTypes: undefined });
    expect(refundQueryOf({ startDate: '2025-03-01', endDate: '2025-06-30', beneficiaryTypes: ['main', 'child'], operationTypes: ['pharmacy'] })).toEqual({
      startDate: '2025-03-01',
      endDate: '2025-06-30',
      beneficiaryTypes: 'main,child',
      operationTypes: 'pharmacy',
    });
  });

  it('a link gives the filters, lists in the contract’s order', () => {
    expect(filtersFromSearch(new URLSearchParams('startDate=2025-03-01&operationTypes=optical,consultation&refund=abc'))).toEqual({
      startDate: '2025-03-01',
      endDate: null,
      beneficiaryTypes: [],
      operationTypes: ['consultation', 'optical'],
    });
  });

  it('unknown values in the URL are dropped', () => {
    expect(filtersFromSearch(new URLSearchParams('startDate=01/03/2025&beneficiaryTypes=main,cousin&operationTypes=magic'))).toEqual({
      ...EMPTY_FILTERS,
      beneficiaryTypes: ['main'],
    });
  });

  it('a start date after the end date is the contract’s range error', () => {
    expect(filtersError({ ...EMPTY_FILTERS, startDate: '2025-06-30', endDate: '2025-03-01' })).toBe(REFUND_FILTER_ERRORS.range);
    expect(filtersError({ ...EMPTY_FILTERS, startDate: '2025-03-01', endDate: '2025-03-01' })).toBeNull();
  });
});
