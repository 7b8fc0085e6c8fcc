import type { TMfaState } from '@mutua/contracts/auth';
import type { TBrand } from '@mutua/contracts/brand';
import { NEUTRAL_CHARTER } from '../app/theme';

/** A brand as /api/brand answers it: the neutral charter in a brand's own fonts, colours and logo. */
export const BRAND: TBrand = {
  name: 'Mutuelle Horizon',
  graphical_charter: {
    ...NEUTRAL_CHARTER,
    fonts: { body: 'Inter', heading: 'Merriweather' },
    colors: { primary: '#1c3f6e', secondary: '#2f7d6d' },
    fontColors: { body: '#1f2933', heading: '#102a43', onPrimary: '#ffffff' },
    logo: '/api/brand/logo.svg',
  },
  cookies: { token: null },
};

/** A code step as the login answers it (`{ mfa }`): Camille's masked address, 10 minutes, resend after 2. */
export function mfaState(overrides: Partial<TMfaState> = {}): TMfaState {
  return {
    email: 'c***d@example.com',
    codeDuration: 10,
    sessionId: 'attempt-0123456789abcdef',
    expired: false,
    expiresAt: '2026-01-15T10:10:00Z',
    resendTimeout: 120,
    resendAvailableAt: '2026-01-15T10:02:00Z',
    environmentNoReplyEmail: 'no-reply@mutua.localhost',
    ...overrides,
  };
}
