import type { TBrand, TMfaState } from '@mutua/contracts';

export const BRAND: TBrand = {
  name: 'Mutuelle Horizon',
  graphical_charter: {
    fonts: { body: 'Inter', heading: 'Merriweather' },
    colors: { primary: '#1c3f6e', secondary: '#2f7d6d' },
    fontColors: { body: '#1f2933', heading: '#102a43', onPrimary: '#ffffff' },
    rounding: { small: 4, medium: 8, large: 16 },
    logo: '/api/brand/logo.svg',
    favicon: '/api/brand/favicon.svg',
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
