import type { TFaqCategory } from '@mutua/contracts/faq';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

/** GET /api/faq (public): the tenant's categories and their themes. */
export const getFaq = (signal?: AbortSignal) => api.get<TFaqCategory[]>('/faq', { signal });

export const faqQueryOptions = () => queryOptions({ queryKey: ['faq'], queryFn: ({ signal }) => getFaq(signal), staleTime: 5 * 60_000 });

export const useFaq = (config: QueryConfig<typeof faqQueryOptions> = {}) => useQuery({ ...faqQueryOptions(), ...config });
