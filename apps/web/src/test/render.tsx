import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { BrandThemeProvider } from '../app/providers';

/** Mantine (test env: no transitions, no portals) + a fresh QueryClient around `ui`. */
export function TestProviders({ children }: { children: ReactNode }) {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <BrandThemeProvider env="test">{children}</BrandThemeProvider>
    </QueryClientProvider>
  );
}

/** Renders routes in a memory router at `initialEntries`; returns the router to navigate and inspect. */
export function renderRoutes(routes: RouteObject[], initialEntries: string[] = ['/']) {
  const router = createMemoryRouter(routes, { initialEntries });
  const result = render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { router, ...result };
}

/** Renders one element at `path` (default '/'), with a catch-all so navigations land somewhere visible. */
export function renderAt(element: ReactNode, { path = '/', url = path }: { path?: string; url?: string } = {}) {
  return renderRoutes(
    [
      { path, element },
      { path: '*', element: <p data-testid="landed">landed</p> },
    ],
    [url],
  );
}
