import type { TFaqSearchResult } from '@mutua/contracts/faq';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

/** GET /api/faq/search?q= (public): the best answers, at most 20. */
export const searchFaq = (q: string, signal?: AbortSignal) => api.get<TFaqSearchResult[]>('/faq/search', { query: { q }, signal });

export const faqSearchQueryOptions = (q: string) =>
  queryOptions({ queryKey: ['faq', 'search', q], queryFn: ({ signal }) => searchFaq(q, signal), staleTime: 60_000, retry: false });

export const useFaqSearch = (q: string, config: QueryConfig<typeof faqSearchQueryOptions> = {}) => useQuery({ ...faqSearchQueryOptions(q), ...config });
