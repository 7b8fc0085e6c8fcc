import { useSyncExternalStore } from 'react';

/**
 * Whether the cookie choices panel is open. The footer's « Gestion des cookies » opens it at any time
 * (to withdraw or change a choice); the consent feature shows it and closes it.
 */
let open = false;
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
