import type { TConsentChoice, TConsentState } from '@mutua/contracts/consent';
import { api } from '../../../lib/api-client';

// Plain calls, no query cache: the banner is on the login page, whose JavaScript has a budget.

/** GET /api/consent (public): the visitor's current choice, and whether this is a back-office session. */
export const getConsent = (signal?: AbortSignal) => api.get<TConsentState>('/consent', { signal });

type Known = { promise: Promise<TConsentState>; value?: TConsentState };
let known: Known | null = null;

function remember(promise: Promise<TConsentState>): Known {
  const entry: Known = { promise };
  promise.then(
    (value) => (entry.value = value),
    () => {
      if (known === entry) known = null;
    },
  );
  known = entry;
  return entry;
}

/**
 * Asks for the consent state at start-up (main.tsx), beside the brand, so that the banner, when it
 * shows, paints with the page: asked after the page, its paragraph was the page's largest text and
 * came last (Lighthouse's LCP on /login).
 */
export function prefetchConsent(): void {
  if (!known) remember(getConsent());
}

/**
 * The visitor's consent state as this page knows it: the value when the answer has arrived, else the
 * call under way. One call per page load, however often a render is retried (a first render that
 * suspends is thrown away, its state with it); a save updates it.
 */
export function readConsent(): TConsentState | Promise<TConsentState> {
  const entry = known ?? remember(getConsent());
  return entry.value ?? entry.promise;
}

/** The state the page brought (app/start-up.ts): known at once, on the server's render as in the browser. */
export function knowConsent(value: TConsentState): void {
  known = { promise: Promise.resolve(value), value };
}

/** Forgets what this page knows: the next read asks the server (a test's fresh visitor). */
export function forgetConsent(): void {
  known = null;
}

/** POST /api/consent: records a choice; the answer is the new current state. */
export const saveConsent = async (choice: TConsentChoice) => {
  const next = await api.post<TConsentState>('/consent', choice);
  remember(Promise.resolve(next));
  return next;
};
