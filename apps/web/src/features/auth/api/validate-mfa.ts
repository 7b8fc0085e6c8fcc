import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /auth/validate-mfa: the right code opens the session (cookies set by the server). */
export const validateMfa = (input: { sessionId: string; code: string }) => api.post<{ authenticated: true }>('/auth/validate-mfa', input);

export const useValidateMfa = (config: MutationConfig<typeof validateMfa> = {}) => useMutation({ ...config, mutationFn: validateMfa });
