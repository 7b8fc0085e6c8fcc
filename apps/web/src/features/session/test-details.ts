import type { TGlobalDetails } from '@mutua/contracts';

type Overrides = { insured?: Partial<TGlobalDetails['insured']> } & Partial<Omit<TGlobalDetails, 'insured'>>;

/** Global details of the tests: what the gates read, the rest left empty. */
export function globalDetails(overrides: Overrides = {}): TGlobalDetails {
  const { insured, ...rest } = overrides;
  return {
    profile: { membershipNumber: '12345678' },
    featureStatus: [],
    logoutRedirectUrl: null,
    isBoAuthentication: false,
    legalPages: [
      { type: 'cgu', version: 2, title: 'Conditions générales d’utilisation', content: 'Premier paragraphe.\n\nSecond paragraphe.', requiresAcceptance: true, publishedAt: '2026-01-01T00:00:00Z', accepted: false },
      { type: 'confidentialite', version: 1, title: 'Politique de confidentialité', content: 'Vos données.', requiresAcceptance: true, publishedAt: '2026-01-01T00:00:00Z', accepted: true },
      { type: 'mentions-legales', version: 1, title: 'Mentions légales', content: 'Éditeur.', requiresAcceptance: false, publishedAt: '2026-01-01T00:00:00Z', accepted: false },
    ],
    ...rest,
    insured: {
      id: 'member-1',
      insuredContact: { email: 'camille.durand@example.com', secondaryEmail: null, mobileNumber: null, phoneNumber: null },
      familyAddresses: { addresses: [{ line1: '12 rue des Lilas', line2: null, line3: null, zipCode: '75011', city: null, country: 'France' }] },
      invalidPersonalInformation: false,
      validatedLegalPages: true,
      mustRenewPassword: false,
      showPopupPasswordValidity: false,
      finishedTutorial: true,
      firstConnection: false,
      ...insured,
    },
  } as TGlobalDetails;
}
