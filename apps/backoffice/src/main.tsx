import '@mantine/core/styles.css';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider, createBrowserRouter } from 'react-router';
import { ApprovalsPage } from './features/approvals/approvals-page';
import { Layout } from './layout';
import { CasePage } from './pages/case';
import { LoginPage } from './pages/login';
import { MembersPage } from './pages/members';
import { QueuePage } from './pages/queue';

const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } });

const router = createBrowserRouter([
  { path: '/login', element: <LoginPage /> },
  {
    element: <Layout />,
    children: [
      { path: '/', element: <QueuePage /> },
      { path: '/cases/:id', element: <CasePage /> },
      { path: '/members', element: <MembersPage /> },
      { path: '/approvals', element: <ApprovalsPage /> },
    ],
  },
]);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={{ primaryColor: 'indigo', primaryShade: 8 }}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
