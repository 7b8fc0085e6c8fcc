import type { CreationLoginType, TCreateAccountRequest } from '@mutua/contracts/auth';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /auth/login/create-account-validation: checks who the member is; answers the masked address the link will go to. */
export const validateAccountCreation = (input: TCreateAccountRequest) => api.post<{ email: string }>('/auth/login/create-account-validation', input);

export const useValidateAccountCreation = (config: MutationConfig<typeof validateAccountCreation> = {}) =>
  useMutation({ ...config, mutationFn: validateAccountCreation });

/** POST /auth/login/create-account: the same checks, then the create-account link by mail. */
export const requestAccountCreation = (input: TCreateAccountRequest) => api.post<{ email: string }>('/auth/login/create-account', input);

export const useRequestAccountCreation = (config: MutationConfig<typeof requestAccountCreation> = {}) =>
  useMutation({ ...config, mutationFn: requestAccountCreation });

export type LoginChoices = { firstName: string; membershipNumber: string; logins: { type: CreationLoginType; value: string }[] };

/** GET /auth/login/get-logins?token=…: the identifiers the member may choose for the new account. */
export const getLogins = (token: string, signal?: AbortSignal) => api.get<LoginChoices>('/auth/login/get-logins', { query: { token }, signal });

export const loginChoicesQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['auth', 'login-choices', token], queryFn: ({ signal }) => getLogins(token, signal), staleTime: Infinity, retry: false });

export const useLoginChoices = (token: string) => useQuery(loginChoicesQueryOptions(token));

/** POST /auth/login/create-account-final-step: creates the account; answers the login to sign in with. */
export const finishAccountCreation = (input: { token: string; loginType: CreationLoginType; password: string }) =>
  api.post<{ login: string }>('/auth/login/create-account-final-step', input);

export const useFinishAccountCreation = (config: MutationConfig<typeof finishAccountCreation> = {}) =>
  useMutation({ ...config, mutationFn: finishAccountCreation });
