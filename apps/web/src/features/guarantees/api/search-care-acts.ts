import type { TCareActSummary } from '@mutua/contracts/guarantees-api';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

/** GET /api/care-acts?q=: the tariff catalogue's acts matching the words typed (accents and case ignored). */
export const searchCareActs = (q: string, signal?: AbortSignal) => api.get<TCareActSummary[]>('/care-acts', { query: { q }, signal, silent: true });

export const careActSearchQueryOptions = (q: string) =>
  queryOptions({ queryKey: ['care-acts', q] as const, queryFn: ({ signal }) => searchCareActs(q, signal), staleTime: 30 * 60_000, retry: false });

export const useCareActSearch = (q: string, config: QueryConfig<typeof careActSearchQueryOptions> = {}) =>
  useQuery({ ...careActSearchQueryOptions(q), enabled: q.trim().length >= 2, placeholderData: keepPreviousData, ...config });
