import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './member-session';
import { expectAccessibilityStatementSections } from './page-checks';

// A footer on every page, signed out and signed in, with the legal pages,
// the accessibility state (RGAA: the one the audit grid gives) and a way to reach us; every
// link leads to a page that exists.

const footer = (page: Page) => page.getByTestId('app-footer');
const LEGAL = ['Mentions légales', 'Conditions générales d’utilisation', 'Confidentialité'];

async function expectFooterLinksWork(page: Page, from: string) {
  for (const name of [...LEGAL, 'Accessibilité : non conforme', 'Nous contacter']) {
    await page.goto(from);
    const link = footer(page).getByRole('link', { name, exact: true });
    await expect(link).toBeVisible();
    await link.click();
    // A page of its own (or the contact dialog), never the not-found page.
    await expect(
      page
        .getByRole('dialog')
        .or(page.getByRole('heading', { level: 1 }))
        .first(),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: /Cette page n’existe pas/ })).toHaveCount(0);
  }
}

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the mentions légales name the publisher, its registration and address, the director of publication, the HDS-certified host and a contact', async ({
    page,
  }) => {
    await page.goto('/legal-page/mentions-legales');
    await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
    const notice = page.getByTestId('legal-notice');
    await expect(notice.getByRole('heading', { name: 'Éditeur du site' })).toBeVisible();
    await expect(notice).toContainText('Mutua Santé, Mutuelle régie par le livre II du code de la mutualité.');
    await expect(notice).toContainText('Immatriculée au répertoire SIRENE');
    await expect(notice).toContainText('12 rue de la Santé, 75014 Paris');
    await expect(notice.getByRole('heading', { name: 'Directeur ou directrice de la publication' })).toBeVisible();
    await expect(notice.getByRole('heading', { name: 'Hébergement' })).toBeVisible();
    await expect(notice).toContainText('certification HDS');
    await expect(notice.getByRole('link', { name: 'contact@mutua.localhost' })).toHaveAttribute('href', 'mailto:contact@mutua.localhost');
    await expectNoA11yViolations(page, { label: 'mentions légales' });
  });

  test('the login page has the footer; every link works; the accessibility statement says what the law asks', async ({ page }) => {
    await page.goto('/login');
    await expect(footer(page).getByRole('link', { name: /^Accessibilité/ })).toHaveText('Accessibilité : non conforme');
    await expectFooterLinksWork(page, '/login');

    await page.goto('/accessibilite');
    await expect(page.getByRole('heading', { level: 1, name: 'Déclaration d’accessibilité' })).toBeVisible();
    const statement = page.getByRole('main');
    await expect(statement).toContainText('non conforme');
    await expect(statement).toContainText(/\d+\s?%\s+des critères du RGAA 4.1 applicables sont respectés/);
    await expectAccessibilityStatementSections(statement);
    await expect(statement).toContainText('axe-core');
    await expect(statement).toContainText('Défenseur des droits, Libre réponse 71120, 75342 Paris CEDEX 07');
    await expect(statement.getByRole('link', { name: /formulaire en ligne/ })).toHaveAttribute('href', /defenseurdesdroits\.fr/);
    await expectNoA11yViolations(page, { label: 'accessibility statement, signed out' });

    await page.goto('/legal-page/mentions-legales');
    await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText('en vigueur depuis le 1er janvier 2026');
    await expectNoA11yViolations(page, { label: 'legal page, signed out' });
  });

  test('at 360 px the footer wraps without widening the page', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/login');
    await expect(footer(page)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

test('signed in: the footer on home and requests; its links work; contact opens the contact page', async ({ page }) => {
  test.slow(); // six pages, each visited and checked
  await page.goto('/requests');
  await expect(footer(page)).toBeVisible();
  await expectFooterLinksWork(page, '/home');
  await page.goto('/home');
  await footer(page).getByRole('link', { name: 'Nous contacter' }).click();
  await expect(page).toHaveURL(/\/contact-us$/);
  await expect(page.getByRole('dialog', { name: 'Nous contacter' })).toBeVisible();
  await page.goto('/legal-page/cgu');
  await expect(page.getByRole('heading', { level: 1, name: 'Conditions générales d’utilisation' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await expectNoA11yViolations(page, { label: 'legal page, signed in' });
  await page.goto('/accessibilite');
  await expect(page.getByRole('main').getByRole('form', { name: 'Signaler un problème d’accessibilité' })).toBeVisible();
  await expectNoA11yViolations(page, { label: 'accessibility statement, signed in' });
});

test('a focused input shows a visible focus ring', async ({ page }) => {
  await page.goto('/requests');
  const field = page.getByRole('combobox', { name: 'Type de demande' });
  await field.focus();
  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('Tab');
  await expect(field).toBeFocused();
  const ring = await field.evaluate((el) => {
    const style = getComputedStyle(el);
    return { outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2, border: style.borderColor, shadow: style.boxShadow };
  });
  expect(ring.outline, JSON.stringify(ring)).toBe(true);
});
