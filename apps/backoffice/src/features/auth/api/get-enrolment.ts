import { api } from '../../../lib/api';

/** GET /auth/enrolment: the authenticator's QR code and secret, on first sign-in. */
export const getEnrolment = () => api<{ qrDataUrl: string; secret: string }>('GET', '/auth/enrolment');
