import type { BoPage } from '../../lib/pages';
import { ApprovalsPage } from './approvals-page';

export const pages: readonly BoPage[] = [{ path: '/approvals', Component: ApprovalsPage, nav: { label: 'Validations', order: 30, roles: ['manager'] } }];
