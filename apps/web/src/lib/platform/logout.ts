import { api } from '../api-client';

/**
 * GET /auth/logout: ends the session server-side. The answer's nested `data` holds the URL the
 * browser goes to next, if the tenant has one. Resolves null when there is none or the call failed.
 */
export async function logout(): Promise<string | null> {
  try {
    const data = await api.get<{ data?: unknown } | string | null>('/auth/logout');
    const url = typeof data === 'string' ? data : data?.data;
    return typeof url === 'string' && url.trim() ? url : null;
  } catch {
    return null;
  }
}
