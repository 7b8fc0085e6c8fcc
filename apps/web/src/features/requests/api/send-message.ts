import type { TMessageSent, TNewMessage } from '@mutua/contracts/requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { multipartForm } from '../../../lib/submit-form';
import { refreshGlobalDetailsPart } from '../../../lib/global-details-parts';
import type { MutationConfig } from '../../../lib/react-query';

export type NewMessageInput = TNewMessage & { attachments: File[]; idempotencyKey: string };

/** POST /api/requests/messages (multipart: object, category, message, request=DEMANDE, files): a new message, in a new request group, once per key. */
export const sendMessage = ({ attachments, idempotencyKey, ...fields }: NewMessageInput) =>
  api.post<TMessageSent>('/requests/messages', multipartForm(fields, attachments), { idempotencyKey });

/** Sends, then refreshes the requests part of the global details so the new request shows up. */
export const useSendMessage = (config: MutationConfig<typeof sendMessage> = {}) => {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: sendMessage,
    onSuccess: async (...args) => {
      await Promise.all([refreshGlobalDetailsPart(client, 'requests'), refreshGlobalDetailsPart(client, 'timeline_recent')]).catch(() => undefined);
      return config.onSuccess?.(...args);
    },
  });
};
