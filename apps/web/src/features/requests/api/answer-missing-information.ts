import type { TMessageSent } from '@mutua/contracts/requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshGlobalDetailsPart } from '../../../lib/global-details-parts';

export type MissingInformationInput = { requestId: string; comment: string; attachments: File[] };

/** POST /api/requests/{requestId}/missing-information (multipart): the files asked for, once. */
export const answerMissingInformation = ({ requestId, comment, attachments }: MissingInformationInput) => {
  const form = new FormData();
  form.set('comment', comment);
  for (const file of attachments) form.append('attachments', file, file.name);
  return api.post<TMessageSent>(`/requests/${encodeURIComponent(requestId)}/missing-information`, form);
};

/** Sends the parts, then refreshes the requests and the recent timeline (the request is now under study). */
export const useAnswerMissingInformation = () => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: answerMissingInformation,
    onSuccess: async () => {
      await Promise.all([refreshGlobalDetailsPart(client, 'requests'), refreshGlobalDetailsPart(client, 'timeline_recent')]).catch(() => undefined);
    },
  });
};
