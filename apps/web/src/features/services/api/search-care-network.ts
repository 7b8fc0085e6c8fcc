import type { CareSpecialty, TCareSearchResult } from '@mutua/contracts/care-network';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

export type CareSearch = { specialty: CareSpecialty; place: string };

/** GET /api/care-network/search?specialty=&place=: the commune, then the nearest partners (at most 20). */
export const searchCareNetwork = (search: CareSearch, signal?: AbortSignal) => api.get<TCareSearchResult>('/care-network/search', { query: search, signal });

export const careSearchQueryOptions = (search: CareSearch) =>
  queryOptions({
    queryKey: ['care-network', 'search', search.specialty, search.place],
    queryFn: ({ signal }) => searchCareNetwork(search, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });

export const useCareSearch = (search: CareSearch, config: QueryConfig<typeof careSearchQueryOptions> = {}) =>
  useQuery({ ...careSearchQueryOptions(search), ...config });
