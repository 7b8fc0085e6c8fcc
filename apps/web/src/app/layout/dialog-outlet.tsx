import { Suspense, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { RouteDialog } from '../../components/route-dialog';
import { useRouteHandle } from '../route-handle';

/**
 * The layout's outlet, aware of dialog routes: a dialog renders as a modal over the last page shown
 * (kept mounted, same position in the tree), or over `fallback` when the dialog is the first
 * screen of the visit.
 */
export function DialogOutlet({ fallback }: { fallback: ReactNode }) {
  const outlet = useOutlet();
  const location = useLocation();
  const handle = useRouteHandle();
  const dialog = handle?.dialog === true;
  const [page, setPage] = useState<{ key: string; element: ReactNode } | null>(null);
  if (!dialog && page?.key !== location.key) setPage({ key: location.key, element: outlet });

  return (
    <>
      {dialog ? (page?.element ?? <Suspense fallback={null}>{fallback}</Suspense>) : outlet}
      {dialog && handle && (
        <RouteDialog key={location.pathname} title={handle.title}>
          {outlet}
        </RouteDialog>
      )}
    </>
  );
}
