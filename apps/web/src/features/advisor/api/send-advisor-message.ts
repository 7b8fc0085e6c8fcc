import type { TAdvisorMessageInput, TAdvisorSent } from '@mutua/contracts/advisor';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/advisor/messages: a message to the management centre (the same key twice is one request). */
export const sendAdvisorMessage = ({ key, ...body }: TAdvisorMessageInput & { key: string }) =>
  api.post<TAdvisorSent>('/advisor/messages', body, { idempotencyKey: key });

export const useSendAdvisorMessage = () => useMutation({ mutationFn: sendAdvisorMessage });
