import type { RouteId } from './paths';

/** The places where a screen shows links that other features put there. */
export type LinkPlace = 'new-request-hub';

/**
 * A link a feature puts on another feature's screen, declared in its own `features/<f>/links.ts`
 * (`export const links: readonly PlacedLink[]`): the screen reads its place with `linksAt`, so a new
 * feature adds its way in without editing that screen.
 */
export type PlacedLink = {
  place: LinkPlace;
  /** Unique within the place (test ids). */
  key: string;
  title: string;
  text: string;
  route: RouteId;
  /** Position in the place, lowest first. */
  order: number;
};

/**
 * Every feature's `links.ts`, found in its folder (vite and vitest read the glob): the one place shared
 * code reads the features, and only their plain data (no screen code comes with it), as the route
 * table names their screens.
 */
const declared = import.meta.glob<{ links: readonly PlacedLink[] }>('../features/*/links.ts', { eager: true });
const ALL_LINKS: readonly PlacedLink[] = Object.values(declared).flatMap((feature) => feature.links);

/** The links of a place, in their order. */
export function linksAt(place: LinkPlace, links: readonly PlacedLink[] = ALL_LINKS): PlacedLink[] {
  return links.filter((link) => link.place === place).sort((a, b) => a.order - b.order);
}
