import { VAUTH_COOKIE } from '@mutua/contracts';

/** Value of a readable cookie, or null. */
export function readCookie(name: string, cookieString: string = document.cookie): string | null {
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

/** The SPA's notion of "logged in": the readable `vauth` cookie equals `true` (portal-access.md §4). */
export function isLoggedIn(cookieString: string = document.cookie): boolean {
  return readCookie(VAUTH_COOKIE, cookieString) === 'true';
}
