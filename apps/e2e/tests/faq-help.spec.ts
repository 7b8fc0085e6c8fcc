import type { Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from './member-session';

// The FAQ (categories, themes, answers, a French search), the help
// page (adviser code, technical report) and the legal pages, signed out and signed in.

const LUNETTES = 'Comment sont remboursées mes lunettes ?';

async function searchFaq(page: Page, q: string) {
  await page.getByRole('searchbox', { name: 'Rechercher une question' }).fill(q);
  await page.getByRole('button', { name: 'Rechercher' }).click();
}

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('reads a FAQ answer found by search, browses a theme, meets the « indisponible » message, reads a legal page', async ({ page }) => {
    // One long journey with seven accessibility scans.
    test.slow();
    await page.goto('/faq');
    await expect(page).toHaveURL(/\/faq$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Foire aux questions' })).toBeVisible();
    // The login group's layout: plain header with the way to sign in, no main navigation.
    await expect(page.getByRole('link', { name: 'Se connecter' })).toBeVisible();
    await expect(page.getByTestId('app-header')).toHaveCount(0);
    await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toHaveCount(0);
    await expectNoA11yViolations(page, { label: 'faq, signed out' });

    await searchFaq(page, 'remboursement lunettes');
    await expect(page).toHaveURL(/\/faq\?q=remboursement\+lunettes$/);
    const results = page.getByRole('region', { name: /réponses? pour/ });
    const question = results.getByText(LUNETTES);
    await expect(question).toBeVisible();
    await question.click();
    await expect(results.getByText(/forfait optique de votre garantie/)).toBeVisible();
    await expectNoA11yViolations(page, { label: 'faq search, answer open' });

    // No answer: the empty state leads to help.
    await searchFaq(page, 'xylophone');
    await expect(page.getByRole('heading', { name: 'Aucune réponse pour « xylophone »' })).toBeVisible();
    await expectNoA11yViolations(page, { label: 'faq search, no result' });
    await page.getByRole('link', { name: 'Nous contacter' }).first().click();
    await expect(page).toHaveURL(/\/help$/);

    await page.goto('/faq');
    await page.getByRole('link', { name: 'Lunettes et optique' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lunettes et optique' })).toBeVisible();
    await expectNoA11yViolations(page, { label: 'faq category' });
    await page.getByRole('link', { name: 'Lentilles de contact' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lentilles de contact' })).toBeVisible();
    // By keyboard: a question opens with Enter.
    const summary = page.locator('summary').first();
    await summary.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByText(/forfait lentilles de votre garantie/)).toBeVisible();
    await expectNoA11yViolations(page, { label: 'faq theme' });

    await page.goto('/faq/optique/inconnu');
    await expect(page.getByText('Ce thème est indisponible')).toBeVisible();
    await page.goto('/faq/inconnue');
    await expect(page.getByText('Cette catégorie est indisponible')).toBeVisible();
    await expectNoA11yViolations(page, { label: 'faq category unavailable' });

    await page.goto('/legal-page/confidentialite');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Cette page n’existe pas/ })).toHaveCount(0);
    await expectNoA11yViolations(page, { label: 'legal page, signed out' });
  });

  test('gets an adviser code with a membership number (an unknown one gets the same answer), and downloads the technical report', async ({ page }) => {
    await page.goto('/help');
    await expect(page.getByRole('heading', { level: 1, name: 'Aide' })).toBeVisible();
    await expectNoA11yViolations(page, { label: 'help, signed out' });

    const field = page.getByRole('textbox', { name: /Numéro d’adhérent ou numéro de sécurité sociale/ });
    await page.getByRole('button', { name: 'Obtenir un code conseiller' }).click();
    await expect(page.getByText('Saisissez votre numéro d’adhérent', { exact: false }).first()).toBeVisible();
    await expectNoA11yViolations(page, { label: 'help, empty identifier' });

    await field.fill('9999 9999');
    await page.getByRole('button', { name: 'Obtenir un code conseiller' }).click();
    const code = page.getByTestId('adviser-code');
    await expect(code).toHaveText(/^[A-HJKMNP-Z2-9]{6}$/);
    const unknownText = await page.getByRole('status').filter({ has: code }).innerText();

    await field.fill('12345678');
    await page.getByRole('button', { name: 'Obtenir un code conseiller' }).click();
    await expect(code).not.toHaveText(unknownText.match(/[A-HJKMNP-Z2-9]{6}/)![0]);
    await expect(page.getByText(/valable jusqu’à \d\d:\d\d \(30\s+minutes\)/)).toBeVisible();
    await expectNoA11yViolations(page, { label: 'help, code shown' });

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Télécharger le rapport technique' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^rapport-technique-.*\.json$/);
    const report = JSON.parse(
      await page.getByRole('region', { name: 'Contenu du rapport technique' }).or(page.getByLabel('Contenu du rapport technique')).first().innerText(),
    ) as Record<string, unknown>;
    expect(report).toHaveProperty('browser.userAgent');
    expect(JSON.stringify(report)).not.toContain('12345678');
    await expectNoA11yViolations(page, { label: 'help, report shown' });
  });

  test('at 360 px the FAQ and help fit the screen', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    for (const path of ['/faq?q=remboursement+lunettes', '/faq/optique/lunettes', '/help']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });
});

test('signed in: the FAQ in the main layout, and an adviser code without typing anything', async ({ page }) => {
  await page.goto('/faq/optique/lunettes');
  await expect(page.getByRole('heading', { level: 1, name: 'Lunettes' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Navigation principale' })).toBeVisible();
  await expect(page.getByTestId('app-header')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Se connecter' })).toHaveCount(0);
  await expectNoA11yViolations(page, { label: 'faq theme, signed in' });

  await page.goto('/help');
  await expect(page.getByRole('textbox')).toHaveCount(0);
  await page.getByRole('button', { name: 'Obtenir mon code conseiller' }).click();
  await expect(page.getByTestId('adviser-code')).toHaveText(/^[A-HJKMNP-Z2-9]{6}$/);
  await expectNoA11yViolations(page, { label: 'help, signed in' });
});
