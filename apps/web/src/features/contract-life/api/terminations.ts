import { parisIsoDate } from '@mutua/contracts/dates';
import { terminationAcknowledgementFileName, type TTermination, type TTerminationForm } from '@mutua/contracts/termination';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { downloadFile } from '../../../lib/download';
import { refreshGlobalDetailsPart } from '../../../lib/global-details-parts';

/** POST /api/terminations: the draft the summary shows, with the dates the rule computes. */
export const createTermination = (form: TTerminationForm) => api.post<TTermination>('/terminations', form);
export const useCreateTermination = () => useMutation({ mutationFn: createTermination });

/** POST /api/terminations/{id}/confirm (« Confirmer ma demande de résiliation »): received now; the request shows in « Mes demandes ». */
export const confirmTermination = (id: string) => api.post<TTermination>(`/terminations/${encodeURIComponent(id)}/confirm`);
export const useConfirmTermination = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: confirmTermination,
    onSuccess: async () => {
      await Promise.all([client.invalidateQueries({ queryKey: ['contracts'] }), refreshGlobalDetailsPart(client, 'requests')]).catch(() => undefined);
    },
  });
};

/** GET /api/terminations/{id}/acknowledgement.pdf. */
export const downloadAcknowledgement = (t: Pick<TTermination, 'id' | 'receivedAt'>) =>
  downloadFile(
    `/terminations/${encodeURIComponent(t.id)}/acknowledgement.pdf`,
    terminationAcknowledgementFileName(t.receivedAt ? parisIsoDate(new Date(t.receivedAt)) : parisIsoDate()),
  );
export const useDownloadAcknowledgement = () => useMutation({ mutationFn: downloadAcknowledgement });
