import type { THealthcareAct } from '@mutua/contracts/healthcare';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

/** GET /api/healthcare/acts?q=: the tenant's acts whose words start with the words typed. */
export const searchActs = (q: string, signal?: AbortSignal) => api.get<THealthcareAct[]>('/healthcare/acts', { query: { q }, signal, silent: true });

export const actSearchQueryOptions = (q: string) =>
  queryOptions({ queryKey: ['healthcare', 'acts', q], queryFn: ({ signal }) => searchActs(q, signal), staleTime: 5 * 60_000, retry: false });

export const useActSearch = (q: string, config: QueryConfig<typeof actSearchQueryOptions> = {}) =>
  useQuery({ ...actSearchQueryOptions(q), enabled: q.trim().length >= 2, placeholderData: keepPreviousData, ...config });
