import type { TContactChannels, TContactFields } from '@mutua/contracts/complaints';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshGlobalDetailsPart } from '../../../lib/global-details-parts';
import { multipartForm } from '../../../lib/submit-form';

/** GET /api/contact-messages/channels: phone and hours (CALL_HOURS), post address, themes, mediator. */
export const getContactChannels = (signal?: AbortSignal) => api.get<TContactChannels>('/contact-messages/channels', { signal });
export const contactChannelsQueryOptions = () =>
  queryOptions({ queryKey: ['contact-channels'], queryFn: ({ signal }) => getContactChannels(signal), staleTime: 3_600_000 });
export const useContactChannels = () => useQuery(contactChannelsQueryOptions());

export type ContactInput = TContactFields & { attachments: File[]; key: string };

/** POST /api/contact-messages (multipart, once per opened form). */
export const sendContactMessage = ({ attachments, key, ...fields }: ContactInput) =>
  api.post<{ requestId: string }>('/contact-messages', multipartForm(fields, attachments), { idempotencyKey: key });
export const useSendContactMessage = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: sendContactMessage, onSuccess: () => refreshGlobalDetailsPart(client, 'requests').catch(() => undefined) });
};
