import { LoadingOverlay, MantineProvider, VisuallyHidden } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { useNotifications, notificationsStore } from '@mantine/notifications';
import { NavigationProgress, nprogress } from '@mantine/nprogress';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { AfterHydration } from '../components/after-hydration';
import { useAccessState } from '../lib/access-store';
import { requestActivity } from '../lib/api-client';
import { LOCALE } from '../lib/i18n';
import { queryClient as appQueryClient } from '../lib/react-query';
import { buildTheme, NEUTRAL_CHARTER } from './theme';

/** Points the page's favicon link at the brand's. */
function useFavicon(href: string | null): void {
  useEffect(() => {
    if (!href) return;
    let link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    // A page the server painted links the brand's already: setting it again would load it again.
    if (link?.getAttribute('href') === href) return;
    if (!link) {
      link = document.createElement('link');
      link.rel = 'icon';
      document.head.append(link);
    }
    link.href = href;
  }, [href]);
}

/** Mantine theme from the brand in the access store (neutral until one is loaded, or without one). */
export function BrandThemeProvider({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  const charter = useAccessState((s) => s.brand?.graphical_charter ?? null);
  const { theme, cssVariablesResolver } = useMemo(() => buildTheme(charter ?? NEUTRAL_CHARTER), [charter]);
  useFavicon(charter?.favicon ?? null);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} forceColorScheme="light" env={env}>
      {children}
    </MantineProvider>
  );
}

/** Top progress bar while GETs run, full-screen spinner while POST/PUT/PATCH run (api-client). */
export function RequestIndicators() {
  const { reads, writes } = useSyncExternalStore(requestActivity.subscribe, requestActivity.get, requestActivity.get);
  const reading = reads > 0;
  const started = useRef(false);
  useEffect(() => {
    if (reading) nprogress.start();
    else if (started.current) nprogress.complete();
    started.current = reading;
  }, [reading]);

  return (
    <>
      {/* Purely visual: reading every GET aloud would be noise; the write spinner below is announced. */}
      <NavigationProgress aria-hidden />
      {writes > 0 && (
        <div role="status" data-testid="request-overlay">
          <LoadingOverlay visible pos="fixed" zIndex={1000} overlayProps={{ blur: 1 }} />
          <VisuallyHidden>Envoi en cours…</VisuallyHidden>
        </div>
      )}
    </>
  );
}

const NotificationsContainer = lazy(() => import('./notifications-container'));

/**
 * Features call `notifications.show()` from '@mantine/notifications' as usual. The container (and
 * its ~25 kB) loads with the first notification, not with every page: the store queues it meanwhile.
 */
export function NotificationsHost() {
  const { notifications, queue } = useNotifications(notificationsStore);
  const [needed, setNeeded] = useState(false);
  if (!needed && notifications.length + queue.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  ) : null;
}

export function AppProviders({ children, queryClient = appQueryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrandThemeProvider>
        <DatesProvider settings={{ locale: LOCALE }}>
          <NotificationsHost />
          {/* Shows nothing on a page the server painted; mounted during its hydration, its portal's
              layout effect forced every effect of the page into the hydration's task. */}
          <AfterHydration>
            <RequestIndicators />
          </AfterHydration>
          {children}
        </DatesProvider>
      </BrandThemeProvider>
    </QueryClientProvider>
  );
}
