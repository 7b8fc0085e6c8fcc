import type { TLegalPage } from '@mutua/contracts/legal-pages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { QueryConfig } from '../../../lib/react-query';

/** GET /api/legal-pages/{type} (public): the current version of one legal page. */
export const getLegalPage = (type: string, signal?: AbortSignal) => api.get<TLegalPage>(`/legal-pages/${encodeURIComponent(type)}`, { signal });

export const legalPageQueryOptions = (type: string) =>
  queryOptions({ queryKey: ['legal-pages', type], queryFn: ({ signal }) => getLegalPage(type, signal), staleTime: 5 * 60_000 });

export const useLegalPage = (type: string, config: QueryConfig<typeof legalPageQueryOptions> = {}) => useQuery({ ...legalPageQueryOptions(type), ...config });
