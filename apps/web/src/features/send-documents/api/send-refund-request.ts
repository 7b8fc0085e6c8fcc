import { documentField, type TSubmissionResult } from '@mutua/contracts/refund-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';
import { refreshRequests } from './refresh-requests';

export type RefundRequestInput = {
  actCode: string;
  familyPosition: number;
  careDate: string;
  amountCents: number;
  sessions: number;
  practitioner: string;
  comment: string;
  /** Files by document code. */
  documents: Record<string, File[]>;
  /** The opened form's submission key (lib/submit-form): the same form sent twice is one request. */
  idempotencyKey: string;
};

/** The multipart form: text fields, then each document's files under `document.<CODE>`. */
export function refundRequestForm(input: RefundRequestInput): FormData {
  const form = new FormData();
  form.set('actCode', input.actCode);
  form.set('familyPosition', String(input.familyPosition));
  form.set('careDate', input.careDate);
  form.set('amount', (input.amountCents / 100).toFixed(2));
  form.set('sessionMode', input.sessions > 1 ? 'multiple' : 'single');
  if (input.sessions > 1) form.set('sessionCount', String(input.sessions));
  form.set('practitioner', input.practitioner);
  form.set('comment', input.comment);
  for (const [code, files] of Object.entries(input.documents)) for (const file of files) form.append(documentField(code), file, file.name);
  return form;
}

/** POST /api/refund-requests (multipart): a `bill` request. */
export const sendRefundRequest = (input: RefundRequestInput) =>
  api.post<TSubmissionResult>('/refund-requests', refundRequestForm(input), { idempotencyKey: input.idempotencyKey });

export const useSendRefundRequest = (config: MutationConfig<typeof sendRefundRequest> = {}) => {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: sendRefundRequest,
    onSuccess: async (...args) => {
      await refreshRequests(client);
      return config.onSuccess?.(...args);
    },
  });
};
