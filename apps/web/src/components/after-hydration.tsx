import { useSyncExternalStore, type ReactNode } from 'react';

const subscribe = () => () => {};

/**
 * Renders its children once the page is live in the browser: not in the server's render of a page,
 * nor while the browser hydrates it (then at once after). For parts that load their own code (a lazy
 * layer of popups, a link with its dialog): the server cannot wait for it, and a part the server left
 * out would make the hydration throw that part away. A page rendered in the browser shows them at once.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  const live = useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
  return live ? children : null;
}
