import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type RouteObject } from 'react-router';
import { forgetConsent } from './features/consent/api/consent';
import { guard } from './app/guard';
import { resetInit, toAccessState } from './app/guard-loader';
import { AppProviders } from './app/providers';
import type { RouteHandle } from './app/route-handle';
import { buildRoutes, featureOfPath } from './app/router';
import { seedFromAnswers, type PageAnswers } from './app/start-up';
import { accessStore } from './lib/access-store';
import { isLoggedIn, withRequestCookies } from './lib/cookies';
import { createQueryClient } from './lib/react-query';

/**
 * The server's render of a page (apps/server/src/http/app-page.ts; built apart, vite.ssr.config.ts):
 * home paints from the first response on a phone, before the 180 KB of script have arrived and run;
 * the browser then hydrates it (main.tsx). Only the paths below: the page members open
 * first, whose data the page's answers hold whole. Any other page, or a visitor the guard would send
 * elsewhere, is rendered in the browser as before.
 */
export const SERVER_RENDERED: Readonly<Record<string, readonly string[]>> = {
  // The source modules of the page's screens: the server links their scripts and style sheets.
  '/home': ['src/app/layout/main-layout.tsx', 'src/features/dashboard/routes/home.tsx'],
};

/**
 * Modules a painted page shows without running them in the browser (components/painted-part.tsx):
 * the server links their style sheets only; their scripts load if they ever render live.
 */
export const PAINTED_STYLES: Readonly<Record<string, readonly string[]>> = {
  '/home': ['src/features/dashboard/components/read-blocks.ts'],
};

/** The guard ran before the render, with the answers: the server's routes load nothing themselves. */
function withoutLoaders(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const { loader: _loader, children, ...rest } = route as RouteObject & { children?: RouteObject[] };
    return { ...rest, ...(children && { children: withoutLoaders(children) }) } as RouteObject;
  });
}

let handler: ReturnType<typeof createStaticHandler> | undefined;

export type RenderRequest = { url: string; cookies: string; answers: PageAnswers };
/** What goes inside #root, and the page's title (root.tsx gives the same once live). */
export type Rendered = { html: string; title: string };

/** The page painted, or null when the browser renders it. */
export async function render({ url, cookies, answers }: RenderRequest): Promise<Rendered | null> {
  const { pathname, search } = new URL(url);
  if (!SERVER_RENDERED[pathname] || search) return null;
  // The routes hold nothing of a request: built and ranked once.
  const routes = (handler ??= createStaticHandler(withoutLoaders(buildRoutes())));
  const context = await routes.query(new Request(url));
  if (context instanceof Response) return null;
  const queryClient = createQueryClient();
  // From here on, synchronous: the stores the app shares are seeded for this visitor, rendered, and
  // emptied before any other request runs.
  return withRequestCookies(cookies, () => {
    try {
      if (!seedFromAnswers(answers, queryClient)) return null;
      const target = { pathname, timeout: false, unknownPath: false, feature: featureOfPath(pathname) };
      if (guard(toAccessState(accessStore.getState(), isLoggedIn()), target).kind !== 'allow') return null;
      const html = renderToString(
        <StrictMode>
          <AppProviders queryClient={queryClient}>
            <StaticRouterProvider router={createStaticRouter(routes.dataRoutes, context)} context={context} hydrate={false} />
          </AppProviders>
        </StrictMode>,
      );
      const handle = context.matches.at(-1)?.route.handle as RouteHandle | undefined;
      return { html, title: `${accessStore.getState().brand!.name} - ${handle?.title ?? ''}` };
    } finally {
      accessStore.reset();
      resetInit();
      forgetConsent();
      queryClient.clear();
    }
  });
}
