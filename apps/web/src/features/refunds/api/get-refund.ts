import type { TRefundDetail } from '@mutua/contracts/refunds';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

/** GET /api/refunds/:refundId: one refund with its sub-acts and their billing. */
export const getRefund = (refundId: string, signal?: AbortSignal) => api.get<TRefundDetail>(`/refunds/${encodeURIComponent(refundId)}`, { signal });

export const refundQueryOptions = (refundId: string) =>
  queryOptions({ queryKey: ['refunds', 'detail', refundId] as const, queryFn: ({ signal }) => getRefund(refundId, signal), staleTime: 5 * 60_000 });

export const useRefund = (refundId: string, config: QueryConfig<typeof refundQueryOptions> = {}) => useQuery({ ...refundQueryOptions(refundId), ...config });
