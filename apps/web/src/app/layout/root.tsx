import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from '../../components/skip-link';
// Not lazy: every page asks for the visitor's choice (and sets the tracking consent from it); the
// banner's own code loads only when it shows (a signed-in member chose already, on the login page).
import { CookieConsent } from '../../features/consent/components/cookie-consent';
import { useAccessState } from '../../lib/access-store';
import { trackPageView } from '../../lib/tracking';
import { useRouteHandle } from '../route-handle';

/**
 * The new page's own choice (`data-page-focus`: a page that exists to be typed into, as the
 * assistant), else its heading (what it is about, read first), else its main region.
 */
function focusPage(): void {
  const main = document.getElementById(MAIN_CONTENT_ID);
  const chosen = main?.querySelector<HTMLElement>('[data-page-focus]');
  const heading = main?.querySelector<HTMLElement>('h1');
  if (chosen) {
    chosen.focus({ preventScroll: true });
  } else if (heading) {
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  } else {
    main?.focus({ preventScroll: true });
  }
}

/**
 * A page still loading shows a stand-in (a hidden heading, or nothing while its code loads); when the
 * loaded page replaces it, the focus would stay on the body or the main region: it moves to the new
 * heading instead, until the member acts (a key, a click) or for 10 s.
 */
function followReplacedHeading(): () => void {
  // The whole body is watched: the layout around the main region may be drawn anew too.
  const observer = new MutationObserver(() => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    const active = document.activeElement;
    // Still on the page's stand-in: nowhere (the body), or the main region of a page without its heading yet.
    if (active && active !== document.body && active !== main) return;
    const heading = main?.querySelector<HTMLElement>('h1');
    if (!heading) return;
    heading.tabIndex = -1;
    heading.focus({ preventScroll: true });
  });
  observer.observe(document.body, { childList: true, subtree: true });
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    window.removeEventListener('keydown', stop, true);
    window.removeEventListener('pointerdown', stop, true);
  };
  const timer = setTimeout(stop, 10_000);
  window.addEventListener('keydown', stop, true);
  window.addEventListener('pointerdown', stop, true);
  return stop;
}

/**
 * Root route. After each navigation: the page title "<brand> - <route title>", one page view, and
 * keyboard focus on the new page's heading, or its main region (not for dialogs, which take focus themselves).
 */
export function Component() {
  const location = useLocation();
  const handle = useRouteHandle();
  const title = handle?.title ?? '';
  const dialog = handle?.dialog === true;
  const brandName = useAccessState((s) => s.brand?.name ?? null);
  const firstPage = useRef(true);

  useEffect(() => {
    document.title = brandName ? `${brandName} - ${title}` : title;
  }, [brandName, title]);

  useEffect(() => {
    trackPageView({ path: location.pathname, title });
    // A new page only: search-parameter changes (filters, an opened panel) keep the member's focus.
    if (firstPage.current) firstPage.current = false;
    else if (!dialog) {
      focusPage();
      return followReplacedHeading();
    }
  }, [location.pathname, title, dialog]);

  return (
    <>
      <ScrollRestoration />
      <CookieConsent />
      <Outlet />
    </>
  );
}
