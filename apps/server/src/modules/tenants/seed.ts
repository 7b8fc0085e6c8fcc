import { graphicalCharter, type TFeatureStatus } from '@mutua/contracts';
import type { Db } from '../../db/client';
import { tenants, type TenantSettings } from '../../db/schema';

const allFeatures = (overrides: Partial<Record<TFeatureStatus['feature_id'], boolean>> = {}): TFeatureStatus[] => [
  { feature_id: 'MY_SERVICES', enabled: overrides.MY_SERVICES ?? true, params: null },
  { feature_id: 'BENEFICIARIES_ADD', enabled: overrides.BENEFICIARIES_ADD ?? true, params: null },
  { feature_id: 'BENEFICIARIES', enabled: overrides.BENEFICIARIES ?? true, params: null },
  {
    feature_id: 'CONTRACT_RESILIATION',
    enabled: overrides.CONTRACT_RESILIATION ?? true,
    params: { allowIndividualContract: true, allowPaidOptions: true },
  },
];

const settings = (noReplyEmail: string): TenantSettings => ({
  mfaCodeDurationMinutes: 10,
  mfaResendTimeoutSeconds: 120,
  noReplyEmail,
  cookieConsentToken: null,
  averageRequestResponseDelayDays: { prestation: 5, adhesion: 10 },
});

const logo = (initial: string, name: string, fill: string, text: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="48" viewBox="0 0 200 48" role="img" aria-label="${name}">` +
  `<rect x="0" y="4" width="40" height="40" rx="10" fill="${fill}"/>` +
  `<text x="20" y="32" font-family="sans-serif" font-size="22" font-weight="700" fill="#fff" text-anchor="middle">${initial}</text>` +
  `<text x="50" y="31" font-family="sans-serif" font-size="18" font-weight="700" fill="${text}">${name}</text></svg>`;

const favicon = (initial: string, fill: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="32" height="32" viewBox="0 0 32 32">` +
  `<rect width="32" height="32" rx="7" fill="${fill}"/>` +
  `<text x="16" y="23" font-family="sans-serif" font-size="19" font-weight="700" fill="#fff" text-anchor="middle">${initial}</text></svg>`;

const SYSTEM_FONTS = 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif';
const AZUR_BODY_FONTS = '"Trebuchet MS", Verdana, "DejaVu Sans", sans-serif';
const AZUR_HEADING_FONTS = 'Georgia, "Times New Roman", "DejaVu Serif", serif';

/**
 * Two demo tenants with clearly different brands: Mutua Santé (blue, rounded, sans-serif) on
 * localhost, and Azur Prévoyance (burgundy, square, serif headings) on azur.localhost.
 */
export async function seedTenants(db: Db): Promise<void> {
  await db.insert(tenants).values([
    {
      id: 'mutua',
      hosts: ['localhost', '127.0.0.1', 'mutua.localhost'],
      name: 'Mutua Santé',
      graphicalCharter: graphicalCharter([SYSTEM_FONTS, SYSTEM_FONTS], ['#1c4fd8', '#0f766e'], ['#1f2937', '#0b1f4d', '#ffffff'], [6, 10, 18]),
      logoSvg: logo('M', 'Mutua Santé', '#1c4fd8', '#0b1f4d'),
      faviconSvg: favicon('M', '#1c4fd8'),
      features: allFeatures(),
      logoutRedirectUrl: null,
      mobileApplication: {
        enabled: true,
        appStoreUrl: 'https://apps.apple.com/fr/app/mutua-sante/id0000000001',
        playStoreUrl: 'https://play.google.com/store/apps/details?id=fr.mutua.sante',
      },
      oldInsuredSpace: { enabled: false, url: null, exitSurveyUrl: null },
      settings: settings('no-reply@mutua.localhost'),
    },
    {
      id: 'azur',
      hosts: ['azur.localhost'],
      name: 'Azur Prévoyance',
      graphicalCharter: graphicalCharter([AZUR_BODY_FONTS, AZUR_HEADING_FONTS], ['#8a1538', '#9a5b00'], ['#2b2b2b', '#4a0a1d', '#ffffff'], [0, 2, 4]),
      logoSvg: logo('A', 'Azur Prévoyance', '#8a1538', '#4a0a1d'),
      faviconSvg: favicon('A', '#8a1538'),
      features: allFeatures({ MY_SERVICES: false, CONTRACT_RESILIATION: false }),
      // Its own login page, marked so that a test can tell the tenant's URL was followed.
      logoutRedirectUrl: '/login?au-revoir=1',
      mobileApplication: { enabled: false, appStoreUrl: null, playStoreUrl: null },
      oldInsuredSpace: {
        enabled: true,
        url: 'https://ancien-espace.azur-prevoyance.example',
        exitSurveyUrl: 'https://www.azur-prevoyance.example/questionnaire',
      },
      settings: settings('no-reply@azur.localhost'),
    },
  ]);
}
