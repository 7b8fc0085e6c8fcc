import { useSyncExternalStore } from 'react';

/**
 * Whether the cookie choices panel is open. The footer's « Gestion des cookies » opens it at any time
 * (to withdraw or change a choice); the consent feature shows it and closes it.
 */
/** The address of the choices from a page outside the SPA (the login page's footer links to it). */
export const COOKIE_SETTINGS_HASH = '#gestion-des-cookies';

let open = typeof location !== 'undefined' && location.hash === COOKIE_SETTINGS_HASH;
const listeners = new Set<() => void>();
const set = (next: boolean) => {
  open = next;
  for (const l of listeners) l();
};

export const openCookieSettings = () => set(true);
export const closeCookieSettings = () => set(false);

export function useCookieSettingsOpen(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    () => open,
    () => false,
  );
}
