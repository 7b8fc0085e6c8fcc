import type { SharedDocumentType } from '@mutua/contracts/document-sharing';
import type { TSubmissionResult } from '@mutua/contracts/refund-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';
import { refreshRequests } from './refresh-requests';

export type ShareDocumentInput = { familyPosition: number; documentType: SharedDocumentType; comment: string; files: File[]; idempotencyKey: string };

export function shareDocumentForm(input: ShareDocumentInput): FormData {
  const form = new FormData();
  form.set('familyPosition', String(input.familyPosition));
  form.set('documentType', input.documentType);
  form.set('comment', input.comment);
  for (const file of input.files) form.append('attachments', file, file.name);
  return form;
}

/** POST /api/document-sharing (multipart): a supporting document. */
export const shareDocument = (input: ShareDocumentInput) =>
  api.post<TSubmissionResult>('/document-sharing', shareDocumentForm(input), { idempotencyKey: input.idempotencyKey });

export const useShareDocument = (config: MutationConfig<typeof shareDocument> = {}) => {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: shareDocument,
    onSuccess: async (...args) => {
      await refreshRequests(client, true);
      return config.onSuccess?.(...args);
    },
  });
};
