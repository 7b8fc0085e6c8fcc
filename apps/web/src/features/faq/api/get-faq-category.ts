import type { TFaqCategory } from '@mutua/contracts/faq';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

/** GET /api/faq/{category} (public): one category and its themes; 404 « Cette catégorie est indisponible ». */
export const getFaqCategory = (category: string, signal?: AbortSignal) => api.get<TFaqCategory>(`/faq/${encodeURIComponent(category)}`, { signal });

export const faqCategoryQueryOptions = (category: string) =>
  queryOptions({ queryKey: ['faq', category], queryFn: ({ signal }) => getFaqCategory(category, signal), staleTime: 5 * 60_000, retry: false });

export const useFaqCategory = (category: string, config: QueryConfig<typeof faqCategoryQueryOptions> = {}) =>
  useQuery({ ...faqCategoryQueryOptions(category), ...config });
