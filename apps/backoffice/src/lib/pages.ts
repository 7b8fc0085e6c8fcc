import type { StaffRole } from '@mutua/contracts/backoffice';
import type { ComponentType } from 'react';

/**
 * One page of the back office, declared by its feature in `features/<area>/pages.ts`: the shell's route
 * table and its navigation are composed from these (app/pages.ts), so a new page is added in its folder.
 */
export type BoPage = {
  /** URL pattern (react-router). */
  path: string;
  Component: ComponentType;
  /** Its link in the header's navigation: `order` places it (Demandes 10 … Administration 100), `roles` limits who sees it (everyone without). */
  nav?: { label: string; order: number; roles?: readonly StaffRole[] };
};
