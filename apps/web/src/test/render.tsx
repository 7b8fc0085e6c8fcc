import type { TGlobalDetails } from '@mutua/contracts/global-details';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { BrandThemeProvider } from '../app/providers';
import { globalDetailsKey } from '../lib/global-details';
import { paths, type RouteId } from '../lib/paths';

/*
 * The one way a web component test mounts the app's pieces: Mantine in its test setting (no transitions,
 * no portals), a fresh query client, and a memory router when the piece lives on a page.
 */

// Mantine's autosize textarea listens to document.fonts, which jsdom does not have.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

/** No retries (a failure shows at once); data never goes stale by itself, so a test decides every refetch. */
function testQueryClient(details?: TGlobalDetails) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  if (details) client.setQueryData(globalDetailsKey, details);
  return client;
}

/** Mantine + a fresh query client around `children`, for a piece that needs no router. */
export function TestProviders({ children, details }: { children: ReactNode; details?: TGlobalDetails }) {
  const [client] = useState(() => testQueryClient(details));
  return (
    <QueryClientProvider client={client}>
      <BrandThemeProvider env="test">{children}</BrandThemeProvider>
    </QueryClientProvider>
  );
}

/** Routes in a memory data router at `initialEntries`; returns the router to navigate and inspect, and the query client. */
export function renderRoutes(routes: RouteObject[], initialEntries: string[] = ['/'], { details }: { details?: TGlobalDetails } = {}) {
  const client = testQueryClient(details);
  const router = createMemoryRouter(routes, { initialEntries });
  const view = render(
    <QueryClientProvider client={client}>
      <BrandThemeProvider env="test">
        <RouterProvider router={router} />
      </BrandThemeProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}

type AtOptions = {
  /** Path pattern of the screen (default '/'). */
  path?: string;
  /** URL to start at (default: the path). */
  url?: string;
  /** Route id of the screen (route availability reads ids). */
  id?: string;
  /** Global details already in the cache, as after login. */
  details?: TGlobalDetails;
  /** Other routes of the table to serve, each showing `served:<id>`. */
  served?: RouteId[];
};

/** One screen or component at `path`; every other URL lands on a page with the test id `landed`. */
export function renderAt(element: ReactNode, { path = '/', url = path, id = 'screen', details, served = [] }: AtOptions = {}) {
  return renderRoutes(
    [
      { id, path, element },
      ...served.map((routeId) => ({ id: routeId, path: paths[routeId], element: <p>served:{routeId}</p> })),
      { id: 'notFound', path: '*', element: <p data-testid="landed">landed</p> },
    ],
    [url],
    { details },
  );
}
