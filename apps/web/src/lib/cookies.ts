import { VAUTH_COOKIE } from '@mutua/contracts/platform';

/** The request's cookies while the server renders a page (entry-server.tsx); the document's otherwise. */
let serverCookies: string | null = null;
const currentCookies = () => serverCookies ?? document.cookie;

/** Runs `render` (synchronous) with the cookies of the request the server answers. */
export function withRequestCookies<T>(cookies: string, render: () => T): T {
  serverCookies = cookies;
  try {
    return render();
  } finally {
    serverCookies = null;
  }
}

/** Value of a readable cookie, or null. */
export function readCookie(name: string, cookieString: string = currentCookies()): string | null {
  for (const part of cookieString.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) {
      const raw = part.slice(eq + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return null;
}

/** The SPA's notion of "logged in": the readable `vauth` cookie equals `true`. */
export function isLoggedIn(cookieString?: string): boolean {
  // Given a string, or while the server renders (the request's cookies), no memo: it is the browser's.
  if (cookieString !== undefined || serverCookies !== null) return readCookie(VAUTH_COOKIE, cookieString) === 'true';
  // Asked by every query's `enabled` and many renders: `document.cookie` is read once per task (the
  // cookie only changes between tasks, when an answer sets it), not hundreds of times in a render.
  if (loggedInNow === undefined) {
    loggedInNow = readCookie(VAUTH_COOKIE) === 'true';
    queueMicrotask(() => (loggedInNow = undefined));
  }
  return loggedInNow;
}
let loggedInNow: boolean | undefined;
