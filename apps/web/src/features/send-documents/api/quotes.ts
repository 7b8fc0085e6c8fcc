import type { QuoteNature, TQuoteCheckRequest, TQuoteCheckResult, TQuoteFinding } from '@mutua/contracts/quotes';
import type { TSubmissionResult } from '@mutua/contracts/refund-requests';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';
import { refreshRequests } from './refresh-requests';

/** POST /api/quotes/check: the 100 % Santé findings on the lines entered (nothing stored). */
export const checkQuoteLines = (input: TQuoteCheckRequest) => api.post<TQuoteCheckResult>('/quotes/check', input);
export const useCheckQuote = (config: MutationConfig<typeof checkQuoteLines> = {}) => useMutation({ ...config, mutationFn: checkQuoteLines });

export type QuoteInput = {
  nature: QuoteNature;
  familyPosition: number;
  quoteDate: string;
  amountCents: number;
  comment: string;
  lines: TQuoteCheckRequest | null;
  files: File[];
  idempotencyKey: string;
};

export function quoteForm(input: QuoteInput): FormData {
  const form = new FormData();
  form.set('nature', input.nature);
  form.set('familyPosition', String(input.familyPosition));
  form.set('quoteDate', input.quoteDate);
  form.set('amount', (input.amountCents / 100).toFixed(2));
  form.set('comment', input.comment);
  if (input.lines && input.lines.lines.length > 0) {
    const { nature: _nature, ...rest } = input.lines;
    form.set('lines', JSON.stringify(rest));
  }
  for (const file of input.files) form.append('attachments', file, file.name);
  return form;
}

/** POST /api/quotes (multipart): a `quotation` request. */
export const sendQuote = (input: QuoteInput) =>
  api.post<TSubmissionResult & { findings: TQuoteFinding[] }>('/quotes', quoteForm(input), { idempotencyKey: input.idempotencyKey });

export const useSendQuote = (config: MutationConfig<typeof sendQuote> = {}) => {
  const client = useQueryClient();
  return useMutation({
    ...config,
    mutationFn: sendQuote,
    onSuccess: async (...args) => {
      await refreshRequests(client);
      return config.onSuccess?.(...args);
    },
  });
};
