import { api } from '../../../lib/api';

/** POST /auth/totp: the one-time code; recovery codes come once, on enrolment. */
export const postTotp = (code: FormDataEntryValue | null) => api<{ recoveryCodes: string[] | null }>('POST', '/auth/totp', { code });
