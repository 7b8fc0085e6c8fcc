import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useLocation, useOutlet } from 'react-router';
import { useRouteHandle } from '../route-handle';

// Loaded with the first dialog: Mantine's Modal (with its scroll area and scroll lock) is not part of
// the pages' start-up.
const RouteDialog = lazy(async () => ({ default: (await import('../../components/route-dialog')).RouteDialog }));

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
        <Suspense fallback={null}>
          <RouteDialog key={location.pathname} title={handle.title}>
            {outlet}
          </RouteDialog>
        </Suspense>
      )}
    </>
  );
}
