import type { TAdminTenant } from '@mutua/contracts/backoffice-admin';
import { api } from '../../../lib/api';

/** GET /admin/tenants: the administrator's tenants with their settings. */
export const getTenants = () => api<TAdminTenant[]>('GET', '/admin/tenants');
