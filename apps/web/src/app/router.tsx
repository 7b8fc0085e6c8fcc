import type { FeatureId } from '@mutua/contracts/features';
import { lazy, type ComponentType } from 'react';
import { createBrowserRouter, matchPath, Navigate, type RouteObject } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader';
import { accessStore } from '../lib/access-store';
import { configureApiClient } from '../lib/api-client';
import { paths, ROUTES, type RouteDef, type RouteId } from '../lib/paths';
import { guardLoader } from './guard-loader';
import { Component as Root } from './layout/root';
import { RouteError } from './pages/route-error';
import type { MainLayoutHandle, NavItem, RouteHandle } from './route-handle';

/** What a lazy route module exports (react-router's lazy route API). */
export type RouteModule = { Component: ComponentType };

/**
 * Every screen a route may name (lib/paths.ts, `screen`), each still loaded only when its route opens:
 * the glob gives one `import()` per file, so a new screen needs no line here. The shell's own pages are
 * named: the others of app/pages/ are parts the router or a page imports.
 */
const SCREEN_FILES = import.meta.glob<RouteModule>([
  '../features/*/routes/*.tsx',
  '!**/*.test.tsx',
  './pages/{maintenance,no-brand,error,debug,not-found}.tsx',
]);

/** The loader of a route's screen (`features/…` or `app/pages/…` under src/); a screen that does not exist stops the app. */
function screenOf(id: RouteId): (() => Promise<RouteModule>) | undefined {
  const screen: string | undefined = (ROUTES[id] as RouteDef).screen;
  if (!screen) return undefined;
  const file = screen.startsWith('app/') ? `./${screen.slice('app/'.length)}.tsx` : `../${screen}.tsx`;
  const load = SCREEN_FILES[file];
  if (!load) throw new Error(`Route ${id}: no screen ${screen}.tsx (lib/paths.ts)`);
  return load;
}

/** A route with its screen's loader. */
type WiredRoute = RouteDef & { lazy?: () => Promise<RouteModule> };

/** The route table with each screen's loader, by id. */
const routeTable = Object.fromEntries((Object.keys(ROUTES) as RouteId[]).map((id) => [id, { ...(ROUTES[id] as RouteDef), lazy: screenOf(id) }])) as Record<
  RouteId,
  WiredRoute
>;

/**
 * The feature toggle the route of `pathname` declares (rule 11 of the guard). A gated route gates
 * what lies below it too (`/services/…`), so a toggle cannot be bypassed by a longer path.
 */
export function featureOfPath(pathname: string): FeatureId | undefined {
  for (const [id, def] of Object.entries(routeTable) as [RouteId, WiredRoute][]) {
    if (def.feature && matchPath({ path: paths[id], end: false }, pathname)) return def.feature;
  }
  return undefined;
}

const STANDALONE: RouteId[] = ['noBrand', 'error', 'debug'];

function handleOf(def: RouteDef): RouteHandle {
  return { title: def.title, ...(def.dialog && { dialog: true }), ...(def.wide && { wide: true }) };
}

/** Wired entries of the table, as route objects with `path` relative to `base`. */
function wiredRoutes(select: (id: RouteId, path: string) => boolean, base: string): RouteObject[] {
  return (Object.entries(routeTable) as [RouteId, WiredRoute][])
    .filter(([id, def]) => def.lazy && id !== 'root' && select(id, paths[id]))
    .map(([id, def]) => ({
      id,
      path: paths[id] === '*' ? '*' : paths[id].slice(base.length),
      handle: handleOf(def),
      lazy: def.lazy,
      ErrorBoundary: RouteError,
    }));
}

const isLogin = (_id: RouteId, path: string) => path.startsWith(`${paths.login}/`);
const isMain = (id: RouteId, path: string) => !STANDALONE.includes(id) && id !== 'login' && !isLogin(id, path);

function navItems(): NavItem[] {
  return (Object.entries(routeTable) as [RouteId, WiredRoute][])
    .filter(([, def]) => def.nav && def.lazy)
    .map(([id, def]) => ({ to: paths[id].replace(/\/:[^/]+\?$/, ''), label: def.nav!, ...(def.feature && { feature: def.feature }) }));
}

const HomePage = lazy(async () => ({ default: (await routeTable.home.lazy!()).Component }));

export function buildRoutes(): RouteObject[] {
  const loginDef: RouteDef = routeTable.login;
  const mainHandle: MainLayoutHandle = { nav: navItems(), dialogBackground: <HomePage /> };
  return [
    {
      id: 'root',
      path: paths.root,
      loader: (args) => guardLoader(args, featureOfPath),
      // The guard (and its heartbeat) runs on every change of page; not when only the query string moves.
      shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
      Component: Root,
      HydrateFallback: FullPageLoader,
      ErrorBoundary: RouteError,
      children: [
        {
          id: 'main-layout',
          lazy: () => import('./layout/main-layout'),
          handle: mainHandle,
          ErrorBoundary: RouteError,
          children: [{ index: true, handle: handleOf(routeTable.root), element: <Navigate to={paths.home} replace /> }, ...wiredRoutes(isMain, '/')],
        },
        {
          id: 'login-layout',
          path: paths.login.slice(1),
          handle: handleOf(loginDef),
          lazy: () => import('./layout/login-layout'),
          ErrorBoundary: RouteError,
          children: [
            // /login itself: the guard lets it through, then leaves for the server's page (guard-loader.ts).
            { index: true, ErrorBoundary: RouteError },
            ...wiredRoutes(isLogin, `${paths.login}/`),
          ],
        },
        ...wiredRoutes((id) => STANDALONE.includes(id), '/'),
      ],
    },
  ];
}

type Navigator = { navigate: (to: string) => Promise<void> };

/** A 503 on an ordinary call: the maintenance page, with the public reason, until the app reloads. */
export function connectRequestLayer(router: Navigator): void {
  configureApiClient({
    onMaintenance: (reason) => {
      accessStore.setState({ maintenance: { reason } });
      void router.navigate(paths.maintenance);
    },
  });
}

export function createAppRouter() {
  const router = createBrowserRouter(buildRoutes());
  connectRequestLayer(router);
  return router;
}
