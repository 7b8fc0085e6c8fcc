import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useAccessState } from '../../lib/access-store';
import { trackPageView } from '../../lib/tracking';
import { useRouteHandle } from '../route-handle';

/** Root route: after each navigation, the page title "<brand> - <route title>" and one page view. */
export function Component() {
  const location = useLocation();
  const title = useRouteHandle()?.title ?? '';
  const brandName = useAccessState((s) => s.brand?.name ?? null);

  useEffect(() => {
    document.title = brandName ? `${brandName} - ${title}` : title;
  }, [brandName, title]);

  useEffect(() => {
    trackPageView({ path: location.pathname, title });
  }, [location.key, location.pathname, title]);

  return <Outlet />;
}
