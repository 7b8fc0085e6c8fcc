import type { TConsentChoice, TConsentState } from '@mutua/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/consent (public): the visitor's current choice, and whether this is a back-office session. */
export const getConsent = (signal?: AbortSignal) => api.get<TConsentState>('/consent', { signal });

export const consentQueryOptions = () => queryOptions({ queryKey: ['consent'], queryFn: ({ signal }) => getConsent(signal), staleTime: Infinity, retry: false });

export const useConsent = () => useQuery(consentQueryOptions());

/** POST /api/consent: records a choice; the answer becomes the current state. */
export function useSaveConsent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (choice: TConsentChoice) => api.post<TConsentState>('/consent', choice),
    onSuccess: (state) => client.setQueryData(consentQueryOptions().queryKey, state),
  });
}
