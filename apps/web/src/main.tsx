import './app/styles.css';
import { PAGE_ANSWER_PATHS } from '@mutua/contracts/platform';
import { startTransition, StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { createBrowserRouter, matchRoutes, RouterProvider } from 'react-router';
import { AppProviders } from './app/providers';
import { buildRoutes, connectRequestLayer, createAppRouter } from './app/router';
import { seedFromAnswers } from './app/start-up';
import { deferUntilHydrated } from './components/after-hydration';
import { capturePaintedParts } from './components/painted-part';
import { prefetchConsent } from './features/consent/api/consent';
import { takePageAnswers } from './lib/page-answers';
import { queryClient } from './lib/react-query';

// A new deploy removed the chunks this tab still refers to: reload once to pick up the new build.
window.addEventListener('vite:preloadError', (event) => {
  const key = 'mutua:chunk-reload';
  if (sessionStorage.getItem(key) === location.href) return;
  sessionStorage.setItem(key, location.href);
  event.preventDefault();
  location.reload();
});

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0));

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

const app = (router: ReturnType<typeof createBrowserRouter>) => (
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>
);

/**
 * A page the server painted (home, apps/server/src/http/app-page.ts): the stores are seeded from the
 * answers it was painted from, its screens loaded, and React takes over the markup in place
 * (hydration) instead of drawing it again. The first navigation's guard ran on the server; later
 * ones run here as always. Hydration is a transition: it yields to the browser between components.
 */
async function hydratePaintedPage(root: HTMLElement): Promise<boolean> {
  // Each step a task of its own, after the one that evaluated the modules: the page stays responsive
  // between them (on a slow phone, any of them together was a long task).
  await nextTask();
  if (!seedFromAnswers(takePageAnswers(PAGE_ANSWER_PATHS), queryClient)) return false;
  await nextTask();
  const routes = buildRoutes();
  await Promise.all(
    (matchRoutes(routes, location) ?? []).map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      Object.assign(route, await route.lazy(), { lazy: undefined });
    }),
  );
  await nextTask();
  const router = createBrowserRouter(routes, { hydrationData: { loaderData: { root: null } } });
  connectRequestLayer(router);
  await nextTask();
  // The parts that are only read keep the server's markup: the hydration walks the rest.
  capturePaintedParts(root);
  deferUntilHydrated();
  startTransition(() => {
    hydrateRoot(root, app(router));
  });
  return true;
}

function renderInBrowser(root: HTMLElement): void {
  // The visitor's cookie choice, asked beside the brand: when the banner shows, it paints with the page.
  prefetchConsent();
  createRoot(root).render(app(createAppRouter()));
}

// Not a top-level await: the screens' chunks import from this one, which must not wait on them.
if (container.dataset.rendered === 'server') {
  void hydratePaintedPage(container).then(
    (hydrated) => hydrated || renderInBrowser(container),
    () => renderInBrowser(container),
  );
} else {
  renderInBrowser(container);
}
