import { DEMO_ACCOUNTS, expect, expectNoA11yViolations, test } from '../fixtures';

// The not-found page for an unknown path, the no-brand page for a host
// that belongs to no tenant (never another tenant's brand).
test("an unknown path shows the not-found page, in the tenant's brand", async ({ page, tenantUrl }) => {
  await page.goto(tenantUrl('mutua', '/cette-page-n-existe-pas'));
  await expect(page.getByRole('heading', { level: 1, name: 'Ouch ! Cette page n’existe pas' })).toBeVisible();
  await expect(page).toHaveURL(/\/cette-page-n-existe-pas$/);
  await expect(page).toHaveTitle(/^Mutua Santé - /);
  await expect(page.getByRole('button', { name: 'Retour' }).or(page.getByRole('link', { name: 'Retour' }))).toBeVisible();
  const home = page.getByRole('button', { name: 'Aller à l’accueil' }).or(page.getByRole('link', { name: 'Aller à l’accueil' }));
  await expect(home).toBeVisible();
  // The filled primary button wears the tenant's primary colour.
  await expect(home).toHaveCSS('background-color', 'rgb(28, 79, 216)');
  await expectNoA11yViolations(page);
});

test('signed in, an unknown path shows the not-found page; "Aller à l\'accueil" leads home', async ({ page, tenantUrl, signIn }) => {
  await signIn(DEMO_ACCOUNTS.lea);
  await expectNoA11yViolations(page, { label: 'after sign-in' });
  await page.goto(tenantUrl('azur', '/nulle-part'));
  await expect(page.getByRole('heading', { level: 1, name: 'Ouch ! Cette page n’existe pas' })).toBeVisible();
  await expect(page).toHaveTitle(/^Azur Prévoyance - /);
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: 'Aller à l’accueil' }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Bonjour Léa' })).toBeVisible();
});

test("an unknown host shows the no-brand page, with no tenant's brand", async ({ page, tenantUrl }) => {
  await page.goto(tenantUrl('unknown', '/'));
  await expect(page).toHaveURL(/\/no-brand$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Portail introuvable' })).toBeVisible();
  await expect(page).not.toHaveTitle(/Mutua Santé|Azur Prévoyance/);
  await expect(page.getByText(/Mutua Santé|Azur Prévoyance/)).toHaveCount(0);
  await expect(page.locator('img[src*="/api/brand/logo.svg"]')).toHaveCount(0);
  await expectNoA11yViolations(page);
});
