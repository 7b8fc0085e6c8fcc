import { DOCUMENT_TABS } from '@mutua/contracts/documents';
import type { TGlobalDetails } from '@mutua/contracts/global-details';
import { LEGAL_PAGE_TYPES } from '@mutua/contracts/legal-pages';
import type { TRequestsInfo } from '@mutua/contracts/requests';
import type { Page } from '@playwright/test';
import { isUnder, paths, type RouteId } from '../../web/src/lib/paths';
import { apiFromPage, expect, test } from './member-session';
import { checkWalkedScreen } from './page-checks';

// Every route of the member app, as a member sees it on a computer (1,280 px) and on a phone (360 px):
// nothing scrolls sideways, and axe-core with all its rules (best practices included) finds nothing.
// The routes come from the route table's paths: a route without a parameter is walked at its path, a
// route with one needs its URLs here (the type check asks for them), the login group is walked signed out.

// Each route is a test of its own, independent of the others: the workers share them out instead of
// one worker walking the whole file (minutes) while the others wait.
test.describe.configure({ mode: 'parallel' });

type Ids = { faqCategory: string; faqTheme: string; familyPosition: number; additionalPartsRequest: string };
type Path<Id extends RouteId> = (typeof paths)[Id];
/** The routes whose path has a parameter (or matches anything): they cannot be walked at their path. */
type ParameterRouteId = { [Id in RouteId]: Path<Id> extends `${string}:${string}` | '*' ? Id : never }[RouteId];
type Urls = ((ids: Ids) => string[]) | 'signed-out';

/** The URLs of the routes that are not their plain path (several for a parameter that changes the screen). */
const ROUTE_URLS: Record<ParameterRouteId, Urls> & Partial<Record<RouteId, Urls>> = {
  faqCategory: (ids) => [`/faq/${ids.faqCategory}`],
  faqTheme: (ids) => [`/faq/${ids.faqCategory}/${ids.faqTheme}`],
  docSharing: () => ['/doc-sharing'],
  missingInformation: (ids) => [`/missing-information/${ids.additionalPartsRequest}`],
  documents: () => DOCUMENT_TABS.map((tab) => `/documents/${tab}`),
  updateBenef: (ids) => [`/update-benef/${ids.familyPosition}`],
  updateRib: () => ['/update-rib/refund', '/update-rib/contribution'],
  preferences: () => ['/preferences', '/preferences/true'],
  legalPage: () => LEGAL_PAGE_TYPES.map((type) => `/legal-page/${type}`),
  contactChangeConfirm: () => ['/contact-change/confirm/lien-inconnu'],
  createAccountFinalStep: 'signed-out',
  forgotPasswordToken: 'signed-out',
  notFound: () => ['/page-qui-n-existe-pas'],
};

/** Every route with its URLs: those above, else its path, or signed out for the login group. */
const urlsOf = (id: RouteId): Urls => ROUTE_URLS[id] ?? (isUnder(paths[id], paths.login) ? 'signed-out' : () => [paths[id]]);

/** The login group (the code steps lead back to /login without a sign-in under way) and the public pages, signed out. */
const SIGNED_OUT_URLS = [
  '/login',
  paths.firstConnection,
  paths.createAccount,
  '/login/create-account-final-step/lien-inconnu',
  paths.activateAccount,
  paths.forgotLogin,
  paths.forgotPassword,
  '/login/forgot-password/lien-inconnu',
  paths.mfa,
  paths.mfaEmailList,
  '/faq',
  '/help',
  '/accessibilite',
  `/legal-page/${LEGAL_PAGE_TYPES[0]}`,
  '/error',
  '/page-qui-n-existe-pas',
];

/** Waits for the screen to be shown: its dialog or its main heading, once the calls it made are answered. */
async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('[role="dialog"]:visible, main h1:visible, h1:visible')
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => undefined);
  // Lists and tables loaded after the first paint.
  await expect(page.locator('.mantine-Loader-root:visible, .mantine-Skeleton-root:visible')).toHaveCount(0);
}

async function checkScreen(page: Page, url: string): Promise<void> {
  const show = async () => {
    await page.goto(url);
    await settled(page);
  };
  await checkWalkedScreen(page, show, (width) => `${url} at ${width} px (shown: ${new URL(page.url()).pathname})`);
}

test.describe('every route of the member app, signed in', () => {
  let ids: Ids | undefined;
  test.beforeEach(async ({ page }) => {
    if (ids) return;
    await page.goto('/home');
    const details = (await apiFromPage<{ data: TGlobalDetails }>(page, '/api/all-info')).data;
    const requests = (await apiFromPage<{ data: TRequestsInfo }>(page, '/api/all-info?actionKey=requests')).data.allRequests;
    const category = details.faqCategories[0]!;
    ids = {
      faqCategory: category.id,
      faqTheme: category.themes[0]!.id,
      familyPosition: details.insured.allBeneficiaries.beneficiaries.find((b) => b.familyPosition > 1)!.familyPosition,
      // The management centre's request for additional parts (10005), answered from its dialog.
      additionalPartsRequest: requests.flatMap((g) => g.requests).find((r) => r.typeCode === 10005)!.id,
    };
  });
  for (const id of Object.keys(paths) as RouteId[]) {
    const urls = urlsOf(id);
    if (urls === 'signed-out') continue;
    test(`${id}: no sideways scroll at 360 px, axe all rules`, async ({ page }) => {
      for (const url of urls(ids!)) await checkScreen(page, url);
    });
  }
});

test.describe('the login group and the public pages, signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });
  for (const url of SIGNED_OUT_URLS) {
    test(`${url}: no sideways scroll at 360 px, axe all rules`, async ({ page }) => {
      await checkScreen(page, url);
    });
  }
});
