import '@mantine/core/styles.css';
import { Drawer, MantineProvider, Modal } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { Layout } from './app/layout';
import { BO_PAGES } from './app/pages';
import { LoginPage } from './features/auth/login-page';

// Mantine's dimmed grey and error red are 3.3:1 on white: descriptions and field errors need 4.5:1 (as the member portal).
const contrast = {
  '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
  '--mantine-color-placeholder': 'var(--mantine-color-gray-7)',
  '--mantine-color-error': 'var(--mantine-color-red-9)',
};
const cssVariablesResolver = () => ({ variables: {}, light: contrast, dark: contrast });

// A dialog's title bar is a <header> portalled to <body>: a second banner landmark beside the page's
// own header. A title bar is no banner (as in the member portal's theme).
const dialogDefaults = { attributes: { header: { role: 'presentation' } } };
const components = { Modal: Modal.extend({ defaultProps: dialogDefaults }), Drawer: Drawer.extend({ defaultProps: dialogDefaults }) };

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    element: <Layout />,
    // Each feature's pages (features/<area>/pages.ts), composed in app/pages.ts.
    children: BO_PAGES.map(({ path, Component }) => ({ path, Component })),
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={{ primaryColor: 'indigo', primaryShade: 8, components }} cssVariablesResolver={cssVariablesResolver}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
