import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** POST /auth/login/forgot-login: the login is mailed if an account has this address (same answer otherwise). */
export const forgotLogin = (input: { email: string }) => api.post<{ sent: true }>('/auth/login/forgot-login', input);

export const useForgotLogin = (config: MutationConfig<typeof forgotLogin> = {}) => useMutation({ ...config, mutationFn: forgotLogin });

/** POST /auth/login/forgot-password: a reset link (60 minutes) is mailed if the pair designates an account. */
export const forgotPassword = (input: { login: string; socialSecurityNumber: string }) => api.post<{ sent: true }>('/auth/login/forgot-password', input);

export const useForgotPassword = (config: MutationConfig<typeof forgotPassword> = {}) => useMutation({ ...config, mutationFn: forgotPassword });

/** GET /auth/login/forgot-password/reset-validation?token=…: is the link still usable? */
export const checkResetToken = (token: string, signal?: AbortSignal) =>
  api.get<{ valid: true; expiresAt: string }>('/auth/login/forgot-password/reset-validation', { query: { token }, signal });

export const resetTokenQueryOptions = (token: string) =>
  queryOptions({ queryKey: ['auth', 'reset-token', token], queryFn: ({ signal }) => checkResetToken(token, signal), staleTime: Infinity, retry: false });

export const useResetToken = (token: string) => useQuery(resetTokenQueryOptions(token));

/** POST /auth/login/forgot-password/reset-validation: sets the new password (the link is used once). */
export const resetPassword = (input: { token: string; password: string }) => api.post<{ ok: true }>('/auth/login/forgot-password/reset-validation', input);

export const useResetPassword = (config: MutationConfig<typeof resetPassword> = {}) => useMutation({ ...config, mutationFn: resetPassword });
