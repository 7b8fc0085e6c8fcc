import type { BankTarget, TBankDetailsChangeResult } from '@mutua/contracts/bank-details';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshGlobalDetailsPart } from '../../../lib/global-details-parts';
import type { MutationConfig } from '../../../lib/react-query';
import { multipartForm } from '../../../lib/submit-form';

export type ChangeInput = {
  target: BankTarget;
  familyPosition: number;
  holder: string;
  iban: string;
  bic?: string;
  attachments: File[];
  idempotencyKey: string;
};

/** POST /api/bank-details/changes (multipart, the bank details document as "attachments"). */
export const sendChange = ({ attachments, idempotencyKey, ...fields }: ChangeInput) =>
  api.post<TBankDetailsChangeResult>('/bank-details/changes', multipartForm({ ...fields, bic: fields.bic || undefined }, attachments), { idempotencyKey });

/** Sends the change; a refund change is a request: the accounts and the requests are refreshed. */
export const useSendChange = (config: MutationConfig<typeof sendChange> = {}) => {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: sendChange,
    onSuccess: async (...args) => {
      if (args[0].status === 'REQUEST_SENT') {
        await Promise.all([client.invalidateQueries({ queryKey: ['bank-details'] }), refreshGlobalDetailsPart(client, 'requests')]).catch(() => undefined);
      }
      return config.onSuccess?.(...args);
    },
  });
};
