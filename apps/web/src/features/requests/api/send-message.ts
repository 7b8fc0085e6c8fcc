import type { TMessageSent, TNewMessage } from '@mutua/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshGlobalDetailsPart } from '../../../lib/global-details-parts';
import type { MutationConfig } from '../../../lib/react-query';

export type NewMessageInput = TNewMessage & { attachments: File[] };

/** The multipart form of a new message: object, category, message, request=DEMANDE, files under 'attachments'. */
export function newMessageForm({ object, category, message, request, attachments }: NewMessageInput): FormData {
  const form = new FormData();
  form.set('object', object);
  form.set('category', category);
  form.set('message', message);
  form.set('request', request);
  for (const file of attachments) form.append('attachments', file, file.name);
  return form;
}

/** POST /api/requests/messages (multipart): a new message, in a new request group. */
export const sendMessage = (input: NewMessageInput) => api.post<TMessageSent>('/requests/messages', newMessageForm(input));

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
