import type { BoPage } from '../../lib/pages';
import { AuditPage } from './audit-page';

export const pages: readonly BoPage[] = [
  { path: '/audit', Component: AuditPage, nav: { label: 'Journal d’audit', order: 70, roles: ['manager', 'administrator'] } },
];
