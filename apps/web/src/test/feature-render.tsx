import type { TGlobalDetails } from '@mutua/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { BrandThemeProvider } from '../app/providers';
import { globalDetailsKey } from '../lib/global-details';
import { paths, type RouteId } from '../lib/paths';

// Mantine's autosize textarea listens to document.fonts, which jsdom does not have.
if (!('fonts' in document)) {
  Object.defineProperty(document, 'fonts', { configurable: true, value: { addEventListener: () => {}, removeEventListener: () => {} } });
}

type Options = {
  /** URL to start at (default: the screen's path). */
  url?: string;
  /** Path pattern of the screen (default '/'). */
  path?: string;
  /** Route id of the screen (route-availability reads ids). */
  id?: string;
  /** Global details already in the cache (as after login). */
  details?: TGlobalDetails;
  /** Other routes of the table to serve, each showing its id. */
  served?: RouteId[];
};

/**
 * A feature screen in a memory data router, with Mantine and a fresh query client (global details
 * preloaded when given). Every other URL lands on a page saying `landed:<pathname>`.
 */
export function renderFeature(element: ReactNode, { path = '/', url = path, id = 'screen', details, served = [] }: Options = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } } });
  if (details) client.setQueryData(globalDetailsKey, details);
  const routes: RouteObject[] = [
    { id, path, element },
    ...served.map((routeId) => ({ id: routeId, path: paths[routeId], element: <p>served:{routeId}</p> })),
    { id: 'notFound', path: '*', element: <Landed /> },
  ];
  const router = createMemoryRouter(routes, { initialEntries: [url] });
  const view = render(
    <QueryClientProvider client={client}>
      <BrandThemeProvider env="test">
        <RouterProvider router={router} />
      </BrandThemeProvider>
    </QueryClientProvider>,
  );
  return { ...view, router, client };
}

function Landed() {
  return <p data-testid="landed">landed</p>;
}
