import { MEMBER_ERRORS } from '@mutua/contracts/errors';
import type { Page } from '@playwright/test';
import pg from 'pg';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, expectNoA11yViolations, isolatedServer, test } from '../fixtures';
import { horizontalOverflow } from '../support/overflow';

// « Fermer mon compte »: the closure erases Camille's account, so the journeys run on a server
// instance of their own (on PostgreSQL, so that the test can end her contracts as the insurer would).

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const instance = isolatedServer({ database: 'server', name: 'account-closure' });

async function openClosure(page: Page) {
  await page.getByRole('navigation').getByRole('link', { name: 'Mon compte' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  await page.getByRole('region', { name: 'Fermer mon compte' }).getByRole('link', { name: 'Fermer mon compte' }).click();
  const dialog = page.getByRole('dialog', { name: 'Fermer mon compte' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/account\/closure$/);
  return dialog;
}

test('a running contract: the closure is refused with its reason and a way to « Résilier votre contrat »', async ({ page }) => {
  await instance.signIn(page, DEMO_ACCOUNTS.camille);
  const dialog = await openClosure(page);
  // The dialog is read from its name: the focus is on its heading.
  await expect(dialog.getByRole('heading', { name: 'Fermer mon compte' })).toBeFocused();
  await expect(dialog.getByRole('heading', { name: 'Ce qui est effacé dès la clôture' })).toBeVisible();
  await expect(dialog).toContainText('10\u00a0ans après leur paiement');
  await expectNoA11yViolations(page, { label: 'account closure 1280' });

  // Nothing typed, then a wrong password: the field says why and holds the focus.
  const password = dialog.getByRole('textbox', { name: 'Mot de passe' });
  const confirm = dialog.getByRole('button', { name: 'Clôturer définitivement mon compte' });
  await confirm.click();
  await expect(password).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog).toContainText('Saisissez votre mot de passe.');
  await expect(password).toBeFocused();
  await password.fill('Pas-le-bon-2026!');
  await page.keyboard.press('Enter');
  await expect(dialog).toContainText(MEMBER_ERRORS.ACCOUNT_CLOSURE_PASSWORD_WRONG.message);
  await expect(password).toBeFocused();

  await password.fill(DEMO_PASSWORD);
  await page.keyboard.press('Enter');
  const refused = dialog.getByRole('alert').filter({ hasText: 'Votre compte n’a pas été clôturé' });
  await expect(refused).toContainText(MEMBER_ERRORS.ACCOUNT_CLOSURE_CONTRACT_RUNNING.message);

  await page.setViewportSize({ width: 360, height: 740 });
  await expect(refused).toBeVisible();
  expect(await horizontalOverflow(page)).toEqual([]);
  await expectNoA11yViolations(page, { label: 'account closure 360, refused' });
  await page.setViewportSize({ width: 1280, height: 800 });

  await refused.getByRole('link', { name: 'Résilier votre contrat' }).click();
  await expect(page).toHaveURL(/\/paid-options$/);
  await expect(page.getByRole('dialog', { name: 'Résilier votre contrat' })).toBeVisible();
  // Still signed in: nothing was closed.
  expect((await page.request.get(instance.tenantUrl('mutua', '/api/all-info'))).status()).toBe(200);
});

test('no contract running any more: the account is closed, the login page says so, and the identifier opens nothing', async ({ page }) => {
  const client = new pg.Client({ connectionString: instance.database!.url });
  await client.connect();
  try {
    // The insurer ended Camille's contracts last year.
    await client.query(`UPDATE contracts SET outgoing_date = '2025-12-31' WHERE member_id = (SELECT id FROM members WHERE membership_number = $1)`, [
      DEMO_ACCOUNTS.camille.login,
    ]);
  } finally {
    await client.end();
  }
  await instance.signIn(page, DEMO_ACCOUNTS.camille);
  const dialog = await openClosure(page);
  await dialog.getByRole('textbox', { name: 'Mot de passe' }).fill(DEMO_PASSWORD);
  await dialog.getByRole('button', { name: 'Clôturer définitivement mon compte' }).click();

  await expect(page).toHaveURL(/\/login$/, { timeout: 15_000 });
  const notice = page.getByRole('status').filter({ hasText: 'Votre compte a été clôturé' });
  await expect(notice).toBeVisible();
  await expect(page.getByText(MEMBER_ERRORS.UNAUTHENTICATED.message)).toHaveCount(0);
  await expectNoA11yViolations(page, { label: 'login after closure' });
  expect((await page.request.get(instance.tenantUrl('mutua', '/api/all-info'))).status()).toBe(401);

  // The same identifier and password now designate nobody.
  await page.getByRole('textbox', { name: 'Identifiant' }).fill(DEMO_ACCOUNTS.camille.login);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await expect(page.getByRole('alert')).toContainText('Identifiant ou mot de passe incorrect.');
  await expect(page).toHaveURL(/\/login$/);
});
