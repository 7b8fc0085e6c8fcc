import type { StaffRole } from '@mutua/contracts/backoffice';
import type { BoPage } from '../lib/pages';

/** Every feature's `pages.ts`, found in its folder (vite and vitest read the glob), so the shell lists none. */
const declared = import.meta.glob<{ pages: readonly BoPage[] }>('../features/*/pages.ts', { eager: true });

/** The signed-in pages of the back office, from every feature. */
export const BO_PAGES: readonly BoPage[] = Object.values(declared).flatMap((feature) => feature.pages);

/** The header's links a staff member of this role sees, in their order. */
export function navigationFor(role: StaffRole, pages: readonly BoPage[] = BO_PAGES): { path: string; label: string }[] {
  return pages
    .flatMap((page) =>
      page.nav && (!page.nav.roles || page.nav.roles.includes(role)) ? [{ path: page.path, label: page.nav.label, order: page.nav.order }] : [],
    )
    .sort((a, b) => a.order - b.order)
    .map(({ path, label }) => ({ path, label }));
}
