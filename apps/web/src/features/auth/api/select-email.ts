import type { TMfaState } from '@mutua/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /auth/select-email: `email` is one of the masked entries the login answered. */
export const selectEmail = (input: { sessionId: string; email: string }) => api.post<{ mfa: TMfaState }>('/auth/select-email', input);

export const useSelectEmail = (config: MutationConfig<typeof selectEmail> = {}) => useMutation({ ...config, mutationFn: selectEmail });
