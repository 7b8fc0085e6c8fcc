import { api } from '../api-client';

/**
 * GET /auth/logout → `{ data: { data: { url } } }`: ends the session server-side; the nested field
 * holds the URL the browser goes to next, if the tenant has one. Resolves null when there is none or
 * the call failed (the caller clears the device's state either way).
 */
export async function logout(): Promise<string | null> {
  try {
    const answer = await api.get<{ data?: { url?: unknown } | null } | null>('/auth/logout');
    const url = answer?.data?.url;
    return typeof url === 'string' && url.trim() ? url : null;
  } catch {
    return null;
  }
}
