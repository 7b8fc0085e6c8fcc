import { parisIsoDate } from '@mutua/contracts/dates';
import { tpCardFileName, type TTpCard, type TTpCardEmailAnswer, type TTpCardEmailRequest } from '@mutua/contracts/tp-card';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { refreshGlobalDetailsPart } from '../../../lib/global-details-parts';

/** GET /api/tp-card: the card of the ongoing contract (404 TP_CARD_UNAVAILABLE when finished). */
export const getTpCard = (signal?: AbortSignal) => api.get<TTpCard>('/tp-card', { signal });
export const tpCardQueryOptions = () => queryOptions({ queryKey: ['tp-card'], queryFn: ({ signal }) => getTpCard(signal), retry: false });
export const useTpCard = () => useQuery(tpCardQueryOptions());

/** GET /api/tp-card/card.pdf, saved as carte_tiers_payant_<date>.pdf. */
export const downloadTpCard = () => downloadFile('/tp-card/card.pdf', tpCardFileName(parisIsoDate()));
export const useDownloadTpCard = () => useMutation({ mutationFn: downloadTpCard });

/** POST /api/tp-card/email: the card PDF to the confirmed address (and, when asked, the stored address's change). */
export const useEmailTpCard = () => useMutation({ mutationFn: (body: TTpCardEmailRequest) => api.post<TTpCardEmailAnswer>('/tp-card/email', body) });

/** POST /api/tp-card/paper-resend (request 10018), one per opened confirmation (submission key). */
export const usePaperResend = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (idempotencyKey: string) =>
      api.post<{ requestId: string; requestedAt: string; state: 'received' }>('/tp-card/paper-resend', undefined, { idempotencyKey }),
    onSettled: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: ['tp-card'] }), refreshGlobalDetailsPart(client, 'requests')]).catch(() => undefined);
    },
  });
};
