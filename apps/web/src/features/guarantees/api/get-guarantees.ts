import type { TGuaranteesOverview } from '@mutua/contracts/guarantees-api';
import { queryOptions, useQuery, type UseQueryResult } from '@tanstack/react-query';
import type { ApiError } from '../../../lib/api-client';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

// The answer's type written out: inferred, it would name the engine's Formula, which the package's
// entry does not export (the member app bundles the API's schemas, never the engine).
type OverviewQuery = ReturnType<typeof queryOptions<TGuaranteesOverview, ApiError, TGuaranteesOverview, readonly ['guarantees', 'overview']>>;

/** GET /api/guarantees: who is covered by which product today, each product's table and refund examples. */
export const getGuarantees = (signal?: AbortSignal): Promise<TGuaranteesOverview> => api.get<TGuaranteesOverview>('/guarantees', { signal });

export const guaranteesQueryOptions = (): OverviewQuery =>
  queryOptions({ queryKey: ['guarantees', 'overview'] as const, queryFn: ({ signal }) => getGuarantees(signal), staleTime: 10 * 60_000 });

export const useGuarantees = (config: QueryConfig<typeof guaranteesQueryOptions> = {}): UseQueryResult<TGuaranteesOverview, ApiError> =>
  useQuery({ ...guaranteesQueryOptions(), ...config });
