import type { StaffRole } from '@mutua/contracts/backoffice';
import { api } from '../../../lib/api';

/** PUT /admin/staff/:id: an account deactivated or reactivated, or its role and tenants changed (its sessions end). */
export const putStaff = (id: string, body: { active: boolean } | { role: StaffRole; tenants: string[] }) => api('PUT', `/admin/staff/${id}`, body);
