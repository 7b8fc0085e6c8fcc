import type { TAssistantQuestion, TAssistantReply } from '@mutua/contracts/assistant';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /api/assistant/ask (public; signed in, it also answers from the member's own data). */
export const askAssistant = (body: TAssistantQuestion) => api.post<TAssistantReply>('/assistant/ask', body);

export const useAskAssistant = (config: MutationConfig<typeof askAssistant> = {}) => useMutation({ ...config, mutationFn: askAssistant });
