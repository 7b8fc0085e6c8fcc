import { graphicalCharter, type TBrand, type TMfaState } from '@mutua/contracts';

export const BRAND: TBrand = {
  name: 'Mutuelle Horizon',
  graphical_charter: graphicalCharter(['Inter', 'Merriweather'], ['#1c3f6e', '#2f7d6d'], ['#1f2933', '#102a43', '#ffffff'], [4, 8, 16], {
    logo: '/api/brand/logo.svg',
    favicon: '/api/brand/favicon.svg',
  }),
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
