import { useEffect, useRef } from 'react';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { MAIN_CONTENT_ID } from '../../components/skip-link';
import { useAccessState } from '../../lib/access-store';
import { trackPageView } from '../../lib/tracking';
import { useRouteHandle } from '../route-handle';

/**
 * Root route. After each navigation: the page title "<brand> - <route title>", one page view, and
 * keyboard focus on the new page's main region (not for dialogs, which take focus themselves).
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
    else if (!dialog) document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
    // A new page only: search-parameter changes (filters, an opened panel) keep the member's focus.
  }, [location.pathname, title, dialog]);

  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
