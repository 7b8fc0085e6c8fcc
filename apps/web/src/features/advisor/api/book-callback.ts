import type { TAdvisorSent, TCallbackInput } from '@mutua/contracts/advisor';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { callbackSlotsQueryOptions } from './callback-slots';

/** POST /api/advisor/callbacks: a callback on an offered slot (the same key twice is one request). */
export const bookCallback = ({ key, ...body }: TCallbackInput & { key: string }) => api.post<TAdvisorSent>('/advisor/callbacks', body, { idempotencyKey: key });

/** After a booking or a refusal (a slot just filled) the list of slots is asked again. */
export const useBookCallback = () => {
  const client = useQueryClient();
  return useMutation({ mutationFn: bookCallback, onSettled: () => client.invalidateQueries({ queryKey: callbackSlotsQueryOptions().queryKey }) });
};
