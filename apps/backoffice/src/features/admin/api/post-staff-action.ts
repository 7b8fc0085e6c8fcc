import { api } from '../../../lib/api';

export type StaffAction = 'totp-reset' | 'unblock';

/** POST /admin/staff/:id/totp-reset or /unblock: a new authenticator at next sign-in, or a blocked account let in again. */
export const postStaffAction = (id: string, action: StaffAction) => api('POST', `/admin/staff/${id}/${action}`, {});
