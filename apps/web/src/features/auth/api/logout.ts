import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { MutationConfig } from '../../../lib/react-query';

/** GET /auth/logout → `{ data: { data: { url } } }` (ZLogoutResponse): where the browser goes next, null for login. */
export async function logout(): Promise<string | null> {
  const answer = await api.get<{ data?: { url?: unknown } | string | null } | null>('/auth/logout');
  const nested = answer?.data;
  const url = typeof nested === 'string' ? nested : nested?.url;
  return typeof url === 'string' && url.trim() ? url : null;
}

export const useLogout = (config: MutationConfig<typeof logout> = {}) => useMutation({ ...config, mutationFn: logout });
