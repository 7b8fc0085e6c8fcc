import { OPERATION_TYPES, REFUND_BENEFICIARY_TYPES, ZRefundFilters, type OperationType, type RefundBeneficiaryType } from '@mutua/contracts/refunds';
import type { QueryParams } from '../../lib/api-client';

/** The refunds page's filters as the form holds them (dates as YYYY-MM-DD). */
export type RefundFilterValues = {
  startDate: string | null;
  endDate: string | null;
  beneficiaryTypes: RefundBeneficiaryType[];
  operationTypes: OperationType[];
};

export const EMPTY_FILTERS: RefundFilterValues = { startDate: null, endDate: null, beneficiaryTypes: [], operationTypes: [] };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function listOf<T extends string>(raw: string | null, allowed: readonly T[]): T[] {
  const wanted = new Set((raw ?? '').split(',').map((s) => s.trim()));
  // In the enum's order, so that one filter always gives one URL and one query key.
  return allowed.filter((value) => wanted.has(value));
}

/** Filters given in the page's URL (unknown values dropped): a link can open the list filtered. */
export function filtersFromSearch(params: URLSearchParams): RefundFilterValues {
  const date = (key: string) => {
    const value = params.get(key);
    return value && ISO_DATE.test(value) ? value : null;
  };
  return {
    startDate: date('startDate'),
    endDate: date('endDate'),
    beneficiaryTypes: listOf(params.get('beneficiaryTypes'), REFUND_BENEFICIARY_TYPES),
    operationTypes: listOf(params.get('operationTypes'), OPERATION_TYPES),
  };
}

/** The API's query parameters for these filters (GET /api/refunds and /api/refunds/export): lists comma-separated, empty ones left out. */
export function refundQueryOf(values: RefundFilterValues): QueryParams {
  return {
    startDate: values.startDate ?? undefined,
    endDate: values.endDate ?? undefined,
    beneficiaryTypes: values.beneficiaryTypes.length ? values.beneficiaryTypes.join(',') : undefined,
    operationTypes: values.operationTypes.length ? values.operationTypes.join(',') : undefined,
  };
}

/** The contract's rule on the filters (start date not after end date), as its French message; null when valid. */
export function filtersError(values: RefundFilterValues): string | null {
  const parsed = ZRefundFilters.safeParse(refundQueryOf(values));
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? null);
}

export function hasFilters(values: RefundFilterValues): boolean {
  return Boolean(values.startDate || values.endDate || values.beneficiaryTypes.length || values.operationTypes.length);
}
