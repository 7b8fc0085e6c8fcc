import type { BoPage } from '../../lib/pages';
import { AdminPage } from './admin-page';

export const pages: readonly BoPage[] = [{ path: '/admin', Component: AdminPage, nav: { label: 'Administration', order: 100, roles: ['administrator'] } }];
