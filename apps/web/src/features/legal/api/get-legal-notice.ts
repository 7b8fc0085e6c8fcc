import type { TLegalNotice } from '@mutua/contracts/legal-notice';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/legal-notice (public): the tenant's mentions légales, filled in the back office. */
export const legalNoticeQueryOptions = () =>
  queryOptions({ queryKey: ['legal-notice'], queryFn: ({ signal }) => api.get<TLegalNotice>('/legal-notice', { signal }), staleTime: 5 * 60_000 });

export const useLegalNotice = (enabled = true) => useQuery({ ...legalNoticeQueryOptions(), enabled });
