import type { FeatureId } from '@mutua/contracts/features';
import type { ReactNode } from 'react';
import { useMatches } from 'react-router';

/** `handle` of every route in the table: its French title, whether it opens as a dialog, whether it needs the wide container. */
export type RouteHandle = { title: string; dialog?: boolean; wide?: boolean };

/** A link of the main navigation; `feature`: shown only while that toggle is on. */
export type NavItem = { to: string; label: string; feature?: FeatureId };

/** `handle` of the main layout route: its navigation and the page shown behind a dialog entered directly. */
export type MainLayoutHandle = { nav: NavItem[]; dialogBackground: ReactNode };

function isRouteHandle(value: unknown): value is RouteHandle {
  return typeof value === 'object' && value !== null && typeof (value as RouteHandle).title === 'string';
}

/** Handle of the deepest matched route that has a title. */
export function useRouteHandle(): RouteHandle | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle;
    if (isRouteHandle(handle)) return handle;
  }
  return undefined;
}
