import type { TRefundPage } from '@mutua/contracts/refunds';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';
import { refundQueryOf, type RefundFilterValues } from '../filters';

/** Refunds one page answers: enough to fill a screen, few enough to render at once. */
export const REFUNDS_PAGE_SIZE = 50;

export type RefundsPageParams = { filters: RefundFilterValues; cursor: string | null };

/** GET /api/refunds?startDate&endDate&beneficiaryTypes&operationTypes&limit&cursor → { items, nextCursor, total }. */
export const getRefunds = ({ filters, cursor }: RefundsPageParams, signal?: AbortSignal) =>
  api.get<TRefundPage>('/refunds', { query: { ...refundQueryOf(filters), limit: REFUNDS_PAGE_SIZE, cursor: cursor ?? undefined }, signal });

export const refundsQueryOptions = (params: RefundsPageParams) =>
  queryOptions({
    queryKey: ['refunds', 'list', params.filters, params.cursor] as const,
    queryFn: ({ signal }) => getRefunds(params, signal),
    // The page shown stays while the next one (or the newly filtered list) loads.
    placeholderData: keepPreviousData,
  });

export const useRefunds = (params: RefundsPageParams, config: QueryConfig<typeof refundsQueryOptions> = {}) =>
  useQuery({ ...refundsQueryOptions(params), ...config });
