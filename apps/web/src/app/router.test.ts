import type { RouteObject } from 'react-router';
import { expect, it } from 'vitest';
import { ROUTES, type RouteDef, type RouteId } from '../lib/paths';
import { buildRoutes } from './router';

const served = (routes: RouteObject[]): { id: string | undefined; lazy: unknown }[] =>
  routes.flatMap((route) => [{ id: route.id, lazy: route.lazy }, ...served(route.children ?? [])]);

it('serves every route of the table that names a screen, and loads that screen when it opens', async () => {
  const withScreen = (Object.keys(ROUTES) as RouteId[]).filter((id) => (ROUTES[id] as RouteDef).screen);
  const wired = new Map(served(buildRoutes()).map((route) => [route.id, route.lazy]));
  for (const id of withScreen) expect(typeof wired.get(id), id).toBe('function');
  expect(withScreen.length).toBeGreaterThan(50);
  const help = (await (wired.get('help') as () => Promise<{ Component: unknown }>)()).Component;
  expect(typeof help).toBe('function');
});
