import type { BoPage } from '../../lib/pages';
import { AccessibilityReportsPage } from './reports-page';

export const pages: readonly BoPage[] = [{ path: '/accessibility-reports', Component: AccessibilityReportsPage, nav: { label: 'Accessibilité', order: 80 } }];
