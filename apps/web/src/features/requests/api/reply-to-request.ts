import type { TMessageSent } from '@mutua/contracts/requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshGlobalDetailsPart } from '../../../lib/global-details-parts';
import type { MutationConfig } from '../../../lib/react-query';

export type ReplyInput = { requestId: string; message: string; attachments: File[] };

export function replyForm({ message, attachments }: Pick<ReplyInput, 'message' | 'attachments'>): FormData {
  const form = new FormData();
  form.set('message', message);
  for (const file of attachments) form.append('attachments', file, file.name);
  return form;
}

/** POST /api/requests/:requestId/messages (multipart): a reply in the request's thread (409 REQUEST_REPLY_NOT_ALLOWED). */
export const replyToRequest = ({ requestId, ...input }: ReplyInput) =>
  api.post<TMessageSent>(`/requests/${encodeURIComponent(requestId)}/messages`, replyForm(input));

/** Replies, then refreshes the requests part so the message shows up in the thread. */
export const useReplyToRequest = (config: MutationConfig<typeof replyToRequest> = {}) => {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: replyToRequest,
    onSuccess: async (...args) => {
      await Promise.all([refreshGlobalDetailsPart(client, 'requests'), refreshGlobalDetailsPart(client, 'timeline_recent')]).catch(() => undefined);
      return config.onSuccess?.(...args);
    },
  });
};
