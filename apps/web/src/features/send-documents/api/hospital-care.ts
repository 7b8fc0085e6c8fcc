import type { TEstablishment, THospitalCareRequest } from '@mutua/contracts/hospital-care';
import type { TSubmissionResult } from '@mutua/contracts/refund-requests';
import { ESTABLISHMENT_SEARCH_MIN } from '@mutua/contracts/hospital-care';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';
import { refreshRequests } from './refresh-requests';

/** GET /api/establishments?q=: the directory searched by name or FINESS number. */
export const searchEstablishments = (q: string, signal?: AbortSignal) => api.get<TEstablishment[]>('/establishments', { query: { q }, signal, silent: true });

export const establishmentSearchOptions = (q: string) =>
  queryOptions({ queryKey: ['establishments', q], queryFn: ({ signal }) => searchEstablishments(q, signal), staleTime: 10 * 60_000, retry: false });

export const useEstablishmentSearch = (q: string) =>
  useQuery({ ...establishmentSearchOptions(q), enabled: q.trim().length >= ESTABLISHMENT_SEARCH_MIN, placeholderData: keepPreviousData });

export type HospitalCareInput = THospitalCareRequest & { idempotencyKey: string };

/** POST /api/hospital-care-requests (JSON): a hospital coverage request. */
export const sendHospitalCare = ({ idempotencyKey, ...body }: HospitalCareInput) =>
  api.post<TSubmissionResult>('/hospital-care-requests', body, { idempotencyKey });

export const useSendHospitalCare = (config: MutationConfig<typeof sendHospitalCare> = {}) => {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: sendHospitalCare,
    onSuccess: async (...args) => {
      await refreshRequests(client);
      return config.onSuccess?.(...args);
    },
  });
};
