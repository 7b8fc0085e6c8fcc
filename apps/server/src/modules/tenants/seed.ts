import type { TFeatureStatus } from '@mutua/contracts/features';
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

type DemoTenant = Omit<typeof tenants.$inferInsert, 'graphicalCharter' | 'logoSvg' | 'faviconSvg' | 'settings'> & {
  name: string;
  graphicalCharter: Omit<NonNullable<(typeof tenants.$inferInsert)['graphicalCharter']>, 'logo' | 'favicon'>;
};

/** A demo tenant: its logo and favicon drawn in its own colours, its no-reply address on its own domain. */
const demoTenant = ({ graphicalCharter: charter, ...tenant }: DemoTenant): typeof tenants.$inferInsert => ({
  ...tenant,
  graphicalCharter: { ...charter, logo: '', favicon: '' },
  logoSvg: logo(tenant.name.charAt(0), tenant.name, charter.colors.primary, charter.fontColors.heading),
  faviconSvg: favicon(tenant.name.charAt(0), charter.colors.primary),
  settings: settings(`no-reply@${tenant.id}.localhost`),
});

/**
 * Two demo tenants with clearly different brands: Mutua Santé (blue, rounded, sans-serif) on
 * localhost, and Azur Prévoyance (burgundy, square, serif headings) on azur.localhost.
 */
export async function seedTenants(db: Db): Promise<void> {
  await db.insert(tenants).values([
    demoTenant({
      id: 'mutua',
      hosts: ['localhost', '127.0.0.1', 'mutua.localhost'],
      name: 'Mutua Santé',
      graphicalCharter: {
        fonts: {
          body: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
          heading: 'system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif',
        },
        colors: { primary: '#1c4fd8', secondary: '#0f766e' },
        fontColors: { body: '#1f2937', heading: '#0b1f4d', onPrimary: '#ffffff' },
        rounding: { small: 6, medium: 10, large: 18 },
      },
      features: allFeatures(),
      logoutRedirectUrl: null,
      mobileApplication: {
        enabled: true,
        appStoreUrl: 'https://apps.apple.com/fr/app/mutua-sante/id0000000001',
        playStoreUrl: 'https://play.google.com/store/apps/details?id=fr.mutua.sante',
      },
      oldInsuredSpace: { enabled: false, url: null, exitSurveyUrl: null },
    }),
    demoTenant({
      id: 'azur',
      hosts: ['azur.localhost'],
      name: 'Azur Prévoyance',
      graphicalCharter: {
        fonts: { body: '"Trebuchet MS", Verdana, "DejaVu Sans", sans-serif', heading: 'Georgia, "Times New Roman", "DejaVu Serif", serif' },
        colors: { primary: '#8a1538', secondary: '#9a5b00' },
        fontColors: { body: '#2b2b2b', heading: '#4a0a1d', onPrimary: '#ffffff' },
        rounding: { small: 0, medium: 2, large: 4 },
      },
      features: allFeatures({ MY_SERVICES: false, CONTRACT_RESILIATION: false }),
      // Its own login page, marked so that a test can tell the tenant's URL was followed.
      logoutRedirectUrl: '/login?au-revoir=1',
      mobileApplication: { enabled: false, appStoreUrl: null, playStoreUrl: null },
      oldInsuredSpace: {
        enabled: true,
        url: 'https://ancien-espace.azur-prevoyance.example',
        exitSurveyUrl: 'https://www.azur-prevoyance.example/questionnaire',
      },
    }),
  ]);
}
