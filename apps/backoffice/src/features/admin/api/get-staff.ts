import type { TAdminStaff } from '@mutua/contracts/backoffice-admin';
import { api } from '../../../lib/api';

/** GET /admin/staff: the staff accounts and their roles. */
export const getStaff = () => api<TAdminStaff[]>('GET', '/admin/staff');
