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
    if (firstPage.current) firstPage.current = false;
    else if (!dialog) focusPage();
    // A new page only: search-parameter changes (filters, an opened panel) keep the member's focus.
  }, [location.pathname, title, dialog]);

  return (
    <>
      <ScrollRestoration />
      <CookieConsent />
      <Outlet />
    </>
  );
}
