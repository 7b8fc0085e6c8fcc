import { api } from '../../../lib/api';

/** POST /auth/login: e-mail and password; the next step is the one-time code or the authenticator's enrolment. */
export const postLogin = (body: { email: FormDataEntryValue | null; password: FormDataEntryValue | null }) =>
  api<{ next: 'TOTP' | 'ENROL' }>('POST', '/auth/login', body);
