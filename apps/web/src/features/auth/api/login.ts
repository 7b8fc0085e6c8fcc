import type { TLoginRequest, TMfaState } from '@mutua/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** What the password step answers: the code was sent, or the member chooses between two addresses. */
export type LoginOutcome = { mfa: TMfaState } | { sessionId: string; emails: string[] };

export type LoginInput = { login: string; password: string; spamCleared?: boolean };

const body = ({ login, password, spamCleared = false }: LoginInput): TLoginRequest => ({
  grant_type: 'PASSWORD',
  login,
  password,
  spam_cleared: spamCleared,
});

/** POST /auth/login. */
export const login = (input: LoginInput) => api.post<LoginOutcome>('/auth/login', body(input));

export const useLogin = (config: MutationConfig<typeof login> = {}) => useMutation({ ...config, mutationFn: login });

/** POST /auth/activate-account/affiliation: same body and outcome as the login. */
export const activateAccount = (input: LoginInput) => api.post<LoginOutcome>('/auth/activate-account/affiliation', body(input));

export const useActivateAccount = (config: MutationConfig<typeof activateAccount> = {}) => useMutation({ ...config, mutationFn: activateAccount });
