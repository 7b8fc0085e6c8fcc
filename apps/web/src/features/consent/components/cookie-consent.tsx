import { lazy, Suspense, useEffect, useState } from 'react';
import type { TConsentState } from '@mutua/contracts/consent';
import { useCookieSettingsOpen } from '../../../lib/cookie-settings';
import { setTrackingConsent } from '../../../lib/tracking';
import { readConsent } from '../api/consent';

/** The banner's code comes with its first showing: a member who chose already never loads it. */
const CookieBanner = lazy(() => import('./cookie-banner'));

/**
 * The cookie-consent banner, at the top of every page until the visitor chooses: accept, refuse, or
 * choose per purpose; the footer's « Gestion des cookies » opens the choices again (to withdraw). It
 * sets the tracking module's consent from the stored choice. Nothing at all in a back-office session:
 * no banner, no tracking.
 */
export function CookieConsent() {
  // Known at the first render when start-up's call has answered.
  const [first] = useState(readConsent);
  const [state, setState] = useState<TConsentState | undefined>(first instanceof Promise ? undefined : first);
  const settingsOpen = useCookieSettingsOpen();

  useEffect(() => {
    if (!(first instanceof Promise)) return;
    let live = true;
    // Unknown (network, 404): no banner, and the tracking module stays silent.
    first.then(
      (answer) => live && setState(answer),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [first]);
  // Until the state is known the tracking module keeps its default: silent.
  const granted = state === undefined ? undefined : !state.backOffice && state.choice?.analytics === true;
  useEffect(() => {
    if (granted !== undefined) setTrackingConsent(granted);
  }, [granted]);

  if (!state || state.backOffice) return null;
  if (state.choice !== null && !settingsOpen) return null;

  return (
    <Suspense fallback={null}>
      <CookieBanner state={state} settingsOpen={settingsOpen} onSaved={setState} />
    </Suspense>
  );
}
