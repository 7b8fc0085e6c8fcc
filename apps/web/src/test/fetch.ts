import { vi } from 'vitest';

export type FetchCall = { url: string; init: RequestInit };

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/**
 * Stubs global fetch with a router of `path → answer`. An answer is a Response, a function of the
 * call, or 'network' (rejects) / 'hang' (never settles, but honours the abort signal).
 */
export function stubFetch(routes: Record<string, Response | ((call: FetchCall) => Response | Promise<Response>) | 'network' | 'hang'>) {
  const calls: FetchCall[] = [];
  const fetchMock = vi.fn((input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    const path = url.replace(/^\/api/, '').split('?')[0]!;
    const answer = routes[path];
    if (answer === undefined) return Promise.resolve(jsonResponse({ error: { code: 'NOT_FOUND', message: 'Élément introuvable.' } }, 404));
    if (answer === 'network') return Promise.reject(new TypeError('Failed to fetch'));
    if (answer === 'hang') {
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener('abort', () => reject(init.signal?.reason as Error));
      });
    }
    return Promise.resolve(typeof answer === 'function' ? answer({ url, init }) : answer.clone());
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

export function setCookies(...cookies: string[]): void {
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  for (const cookie of cookies) document.cookie = `${cookie}; path=/`;
}
