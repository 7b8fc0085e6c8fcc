import type { TMfaState } from '@mutua/contracts/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /auth/regenerate-mfa: a new code replaces the previous one (not before resendTimeout seconds). */
export const regenerateMfa = (input: { sessionId: string }) => api.post<{ mfa: TMfaState }>('/auth/regenerate-mfa', input);

export const useRegenerateMfa = (config: MutationConfig<typeof regenerateMfa> = {}) => useMutation({ ...config, mutationFn: regenerateMfa });
