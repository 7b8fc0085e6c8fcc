import type { TStaffCreateInput } from '@mutua/contracts/backoffice-admin';
import { api } from '../../../lib/api';

/** POST /admin/staff: a new staff account, enrolling its authenticator at first sign-in. */
export const postStaff = (body: TStaffCreateInput) => api('POST', '/admin/staff', body);
