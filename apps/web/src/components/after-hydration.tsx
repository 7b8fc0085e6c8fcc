import { startTransition, useEffect, useState, type ReactNode } from 'react';

/** True while a render must leave these parts out: the server's render of a page, the browser's hydration of it. */
let deferred = import.meta.env.SSR;

/** main.tsx, just before it hydrates a page the server painted: its parts wait for the end of it. */
export function deferUntilHydrated(): void {
  deferred = true;
}

/**
 * Renders its children once the page is live in the browser: not in the server's render of a page,
 * nor while the browser hydrates it (then in a transition just after). For parts that load their own
 * code (a lazy layer of popups, a link with its dialog): the server cannot wait for it, and a part the
 * server left out would make the hydration throw that part away. A page rendered in the browser shows
 * them at once. Not `useSyncExternalStore` with a server snapshot: its switch after the hydration is a
 * synchronous render, which ran these parts (and every effect of the page before it) in one long task.
 */
export function AfterHydration({ children }: { children: ReactNode }) {
  const [live, setLive] = useState(!deferred);
  useEffect(() => {
    // The hydration is over: a part mounted from now on renders at once.
    deferred = false;
    if (!live) startTransition(() => setLive(true));
  }, [live]);
  return live ? children : null;
}
