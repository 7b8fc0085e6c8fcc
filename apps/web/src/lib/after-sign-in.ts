/*
 * The page a signed-out member asked for (a mailed link, a bookmark, a page reloaded after the session
 * ended), opened again right after the next sign-in in this tab instead of home. Only a path of this
 * portal is kept (never another site: no open redirect), for 30 minutes, and it is used once.
 */

const KEY = 'mutua.after-sign-in';
const KEEP_MS = 30 * 60 * 1000;

/** A same-origin path: starts with one « / », no scheme, no backslash, no control character. */
export function isPortalPath(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return value.startsWith('/') && !value.startsWith('//') && !value.includes('\\') && !/[\u0000-\u001f]/.test(value);
}

export function rememberAfterSignIn(pathWithSearch: string, now = Date.now()): void {
  if (!isPortalPath(pathWithSearch)) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path: pathWithSearch, at: now }));
  } catch {
    // Storage refused (private mode): the member lands on home, as before.
  }
}

/** The remembered path, forgotten as it is read; null when none, stale or not a portal path. */
export function takeAfterSignIn(now = Date.now()): string | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (!raw) return null;
    const { path, at } = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof path !== 'string' || typeof at !== 'number' || now - at > KEEP_MS || now < at) return null;
    return isPortalPath(path) ? path : null;
  } catch {
    return null;
  }
}
