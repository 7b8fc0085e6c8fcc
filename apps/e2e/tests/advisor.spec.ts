import { DEMO_ACCOUNTS, expect, expectNoA11yViolations, isolatedServer, test } from '../fixtures';
import { staffSupport } from './staff-support';
import { checkWidths } from './page-checks';

// « Parler à un conseiller »: signed out, the line and its relay service; signed in, Camille writes to an
// adviser by keyboard, an agent answers her in the back office's thread, she reads the answer in her
// requests. On an instance of this file's own (it adds requests).
const instance = isolatedServer({ database: 'embedded', name: 'advisor' });
const { staffSignIn } = staffSupport(instance);
test('signed out: the phone line with its hours and relay service, and a way to sign in to write', async ({ browser }) => {
  const page = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  await page.goto(instance.tenantUrl('mutua', '/conseiller'));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Parler à un conseiller' })).toBeVisible();
  await expect(main.getByTestId('advisor-phone')).toHaveAttribute('href', /^tel:0/);
  await expect(main).toContainText('du lundi au vendredi de 8\u00a0h\u00a030 à 18\u00a0h');
  await expect(main.getByTestId('relay-service')).toContainText('Langue des signes française (LSF)');
  await expect(main.getByRole('link', { name: 'Se connecter pour écrire à un conseiller' })).toBeVisible();
  await expect(main.getByRole('button', { name: 'Envoyer à un conseiller' })).toHaveCount(0);
  await checkWidths(page, 'advisor signed out');
});

test('Camille asks for a person by keyboard, an agent answers her in the back office, she reads the answer', async ({ page, browser }) => {
  test.setTimeout(180_000);
  await instance.signIn(page, DEMO_ACCOUNTS.camille);
  await page.goto(instance.tenantUrl('mutua', '/conseiller'));
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 2, name: 'Écrire à un conseiller' })).toBeVisible();
  await expect(main.getByRole('combobox', { name: /Créneau de rappel/ })).toBeVisible();
  await checkWidths(page, 'advisor');

  // Sent empty: the focus lands on the message with its French message; then written and sent, by keyboard.
  const message = main.getByRole('textbox', { name: /Votre message/ });
  await main.getByRole('button', { name: 'Envoyer à un conseiller' }).focus();
  await page.keyboard.press('Enter');
  await expect(message).toBeFocused();
  await expect(main).toContainText('Décrivez votre demande en quelques mots (au moins 10\u00a0caractères).');
  await page.keyboard.type('Bonjour, je ne comprends pas le montant de mon dernier remboursement.');
  await page.keyboard.press('Tab');
  await expect(main.getByRole('button', { name: 'Envoyer à un conseiller' })).toBeFocused();
  await page.keyboard.press('Enter');
  const sent = main.getByTestId('advisor-sent');
  await expect(sent).toBeFocused();
  await expect(sent).toContainText('Votre message est envoyé à un conseiller');
  await checkWidths(page, 'advisor sent');

  // The agent finds it among the unassigned cases, ahead, and answers in its thread.
  const agent = await staffSignIn(browser, 'agent@gestion.localhost');
  await agent.getByText('Non attribuées', { exact: true }).click();
  await agent.getByRole('link', { name: 'Parler à un conseiller', exact: true }).click();
  await expect(agent.getByRole('heading', { name: 'Parler à un conseiller' })).toBeVisible();
  await expect(agent.getByText('je ne comprends pas le montant de mon dernier remboursement')).toBeVisible();
  await expectNoA11yViolations(agent, { label: 'advisor case' });
  await agent.getByRole('textbox', { name: 'Réponse à l’adhérent' }).fill('Bonjour Camille, la différence vient du plafond optique de votre contrat.');
  await agent.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await expect(agent.getByText('Réponse envoyée à l’adhérent.')).toBeVisible();

  // Camille reads the answer in her requests.
  await page.goto(instance.tenantUrl('mutua', '/requests'));
  const item = page.getByTestId('request-item').filter({ has: page.getByRole('button', { name: 'Parler à un conseiller', exact: true }) });
  await expect(item.getByText('Nouveau', { exact: true })).toBeVisible();
  await item.getByRole('button', { name: 'Parler à un conseiller', exact: true }).click();
  const panel = page.getByRole('dialog', { name: 'Parler à un conseiller' });
  await expect(panel.getByText('Bonjour Camille, la différence vient du plafond optique de votre contrat.')).toBeVisible();
  await checkWidths(page, 'advisor answer read');

  // A callback, by keyboard: the first slot offered, a number; the agent finds it in the queue by its slot.
  await page.goto(instance.tenantUrl('mutua', '/conseiller'));
  const slot = main.getByRole('combobox', { name: /Créneau de rappel/ });
  await slot.focus();
  await page.keyboard.press('ArrowDown');
  const chosen = (await slot.locator('option:checked').textContent())!;
  expect(chosen).toMatch(/^(lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche) \d/);
  await page.keyboard.press('Tab');
  await page.keyboard.type('06 12 34 56 78');
  await page.keyboard.press('Tab');
  await expect(main.getByRole('button', { name: 'Demander à être rappelé' })).toBeFocused();
  await page.keyboard.press('Enter');
  const booked = main.getByTestId('advisor-sent');
  await expect(booked).toBeFocused();
  await expect(booked).toContainText(`Un conseiller vous appellera le ${chosen}.`);
  await agent.goto(agent.url().replace(/\/cases\/.*$/, '/'));
  await agent.getByText('Non attribuées', { exact: true }).click();
  await expect(agent.getByRole('link', { name: `Rappel le ${chosen}` })).toBeVisible();
});
