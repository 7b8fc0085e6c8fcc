import { useContext } from 'react';
import { generatePath, matchRoutes, UNSAFE_DataRouterContext, type RouteObject } from 'react-router';
import { paths, type RouteId } from './paths';

/**
 * Whether a route of the table has its screen yet. The route table (app/router.tsx) serves only the
 * entries that have one ("wired"); the others fall to the unknown-path page. Features link to a
 * later issue's route only once it is served, and otherwise show the action as unavailable, so a
 * member never meets a dead link. Read from the data router's own route list, so it follows the table
 * without features importing the app shell.
 */
export function isRouteServed(routes: readonly RouteObject[], id: RouteId): boolean {
  // Asked by every action a screen shows, and matching compiles and ranks the whole table each time:
  // kept per table (the server's render gets a new copy of the same one on each request).
  let table = tables.get(routes);
  if (table === undefined) tables.set(routes, (table = shapeOf(routes)));
  let known = served.get(table);
  if (!known) served.set(table, (known = new Map()));
  let answer = known.get(id);
  if (answer === undefined) known.set(id, (answer = matchesRoute(routes, id)));
  return answer;
}
const tables = new WeakMap<readonly RouteObject[], string>();
const served = new Map<string, Map<RouteId, boolean>>();
const shapeOf = (routes: readonly RouteObject[]): string =>
  routes.map((route) => `${route.id ?? ''}:${route.index ? '#' : (route.path ?? '')}(${route.children ? shapeOf(route.children) : ''})`).join(',');

function matchesRoute(routes: readonly RouteObject[], id: RouteId): boolean {
  const pattern: string = paths[id];
  if (pattern === '*') return false;
  // Optional parameters left out, required ones given a sample value: a concrete URL of the route.
  const url = generatePath(pattern.replace(/\/:[^/]+\?/g, ''), new Proxy({}, { get: () => 'x' }));
  const matches = matchRoutes(routes as RouteObject[], url) ?? [];
  return matches.at(-1)?.route.id === id;
}

/** `isRouteServed` for the app's router (false outside a data router, e.g. a bare component test). */
export function useRouteServed(id: RouteId): boolean {
  const context = useContext(UNSAFE_DataRouterContext);
  return context ? isRouteServed(context.router.routes, id) : false;
}
