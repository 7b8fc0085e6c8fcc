import type { BoPage } from '../../lib/pages';
import { MembersPage } from './members-page';

export const pages: readonly BoPage[] = [{ path: '/members', Component: MembersPage, nav: { label: 'Adhérents', order: 20 } }];
