import './app/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { prefetchConsent } from './features/consent/api/consent';

const router = createAppRouter();
// The visitor's cookie choice, asked beside the brand: when the banner shows, it paints with the page.
prefetchConsent();

// A new deploy removed the chunks this tab still refers to: reload once to pick up the new build.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'mutua:chunk-reload';
  if (sessionStorage.getItem(key) === location.href) return;
  sessionStorage.setItem(key, location.href);
  event.preventDefault();
  location.reload();
});

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
