import type { TLostCardDeclaration, TOrganisationFund, TPreferences, TPreferencesUpdate } from '@mutua/contracts/account';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshGlobalDetails } from '../../../lib/global-details';
import { refreshGlobalDetailsPart } from '../../../lib/global-details-parts';

export const preferencesKey = ['account', 'preferences'] as const;

/** GET /api/preferences. */
export const preferencesQueryOptions = () =>
  queryOptions({ queryKey: preferencesKey, queryFn: ({ signal }) => api.get<TPreferences>('/preferences', { signal }) });
export const usePreferences = () => useQuery(preferencesQueryOptions());

/** PUT /api/preferences: channels and at most one teletransmission change; answers the requests created. */
export const useSavePreferences = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: TPreferencesUpdate) => api.put<TPreferences & { requestIds: string[] }>('/preferences', input),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ['account'] }),
        refreshGlobalDetailsPart(client, 'requests'),
        refreshGlobalDetails(client),
      ]).catch(() => undefined);
    },
  });
};

/** GET /api/organisation-codes?q=: funds by name or code. */
export const useOrganisationSearch = (q: string) =>
  useQuery({
    queryKey: ['account', 'organisation-codes', q],
    queryFn: ({ signal }) => api.get<TOrganisationFund[]>('/organisation-codes', { signal, query: { q } }),
    enabled: q.trim().length >= 2,
    placeholderData: keepPreviousData,
  });

/** POST /api/preferences/lost-card: the card declared lost, a card request (10001). */
export const useDeclareLostCard = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...input }: TLostCardDeclaration & { idempotencyKey: string }) =>
      api.post<{ requestId: string; groupId: string; declaredAt: string; sendPaperCard: boolean }>('/preferences/lost-card', input, { idempotencyKey }),
    onSuccess: async () => {
      await Promise.all([refreshGlobalDetailsPart(client, 'requests'), refreshGlobalDetails(client)]).catch(() => undefined);
    },
  });
};
