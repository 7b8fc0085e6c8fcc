import type { TAllowances } from '@mutua/contracts/guarantees-api';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

/** GET /api/guarantees/allowances?familyPosition=: what is left of each limited guarantee for one person today. */
export const getAllowances = (familyPosition: number, signal?: AbortSignal) =>
  api.get<TAllowances>('/guarantees/allowances', { query: { familyPosition }, signal });

// Not kept long: a refund published since (by the insurer) uses an allowance.
export const allowancesQueryOptions = (familyPosition: number) =>
  queryOptions({
    queryKey: ['guarantees', 'allowances', familyPosition] as const,
    queryFn: ({ signal }) => getAllowances(familyPosition, signal),
    staleTime: 0,
  });

export const useAllowances = (familyPosition: number, config: QueryConfig<typeof allowancesQueryOptions> = {}) =>
  useQuery({ ...allowancesQueryOptions(familyPosition), ...config });
