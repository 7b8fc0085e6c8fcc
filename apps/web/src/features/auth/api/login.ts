import type { TLoginRequest } from '@mutua/contracts/auth';
import type { LoginOutcome } from '../../../lib/login-hand-off';
import { useCallback, useState } from 'react';
import { api, type ApiError } from '../../../lib/api-client';

export type { LoginOutcome };

export type LoginInput = { login: string; password: string; spamCleared?: boolean };

const body = ({ login, password, spamCleared = false }: LoginInput): TLoginRequest => ({
  grant_type: 'PASSWORD',
  login,
  password,
  spam_cleared: spamCleared,
});

/** POST /auth/activate-account/affiliation: same body and outcome as the login. */
export const activateAccount = (input: LoginInput) => api.post<LoginOutcome>('/auth/activate-account/affiliation', body(input));

/**
 * The password step as a mutation hook (same shape as useMutation's), for the activation screen (the
 * login page's own script sends its step, src/login-page/). Written by hand: TanStack's mutation
 * observer would be the login group's only use of it.
 */
function usePasswordStep(request: (input: LoginInput) => Promise<LoginOutcome>, { onSuccess }: { onSuccess?: (outcome: LoginOutcome) => unknown } = {}) {
  const [state, setState] = useState<{ isPending: boolean; error: ApiError | null }>({ isPending: false, error: null });
  const mutate = useCallback(
    (input: LoginInput) => {
      setState({ isPending: true, error: null });
      request(input).then(
        (outcome) => {
          setState({ isPending: false, error: null });
          void onSuccess?.(outcome);
        },
        (error: ApiError) => setState({ isPending: false, error }),
      );
    },
    [request, onSuccess],
  );
  return { mutate, isPending: state.isPending, error: state.error, isError: state.error !== null };
}

export const useActivateAccount = (config: { onSuccess?: (outcome: LoginOutcome) => unknown } = {}) => usePasswordStep(activateAccount, config);
