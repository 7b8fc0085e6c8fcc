import { auditSummary } from '@mutua/contracts/accessibility-audit';
import { DEMO_ACCOUNTS, expect, expectNoA11yViolations, isolatedServer, test } from '../fixtures';
import { staffSupport } from './staff-support';
import { checkWidths, expectAccessibilityStatementSections } from './page-checks';

// The accessibility statement computed from the audit grid, a problem reported signed out and answered
// from the back office; the relay service for deaf and hard-of-hearing members over the phone line's
// hours; each product's costs on « Mes contrats ». On an instance of this file's own (reports, mails).
const instance = isolatedServer({ database: 'embedded', name: 'a11y-law' });
const { staffSignIn } = staffSupport(instance);
test('signed out: the statement gives the grid’s state and rate; a problem reported by keyboard reaches the back office, which answers by e-mail', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const page = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  const summary = auditSummary();
  await page.goto(instance.tenantUrl('mutua', '/accessibilite'));
  const main = page.getByRole('main');
  await expect(page.getByRole('heading', { level: 1, name: 'Déclaration d’accessibilité' })).toBeVisible();
  await expect(page.getByTestId('a11y-state')).toContainText(`est ${summary.state} avec le référentiel`);
  await expect(page.getByTestId('a11y-rate')).toHaveText(`${summary.ratePercent}\u00a0%`);
  await expect(page.getByTestId('app-footer').getByRole('link', { name: /^Accessibilité/ })).toHaveText(`Accessibilité\u00a0: ${summary.state}`);
  // The whole grid, opened from the keyboard: 106 criteria, each a row named by its number and question.
  await page
    .getByTestId('a11y-grid')
    .getByText(/Afficher les 106/)
    .focus();
  await page.keyboard.press('Enter');
  await expect(main.getByRole('rowheader')).toHaveCount(106);
  await expect(main.getByRole('row', { name: /^1\.1 Chaque image porteuse/ })).toContainText('Conforme');
  await expect(main.getByRole('row', { name: /^13\.3 / })).toContainText('Non conforme');
  await expectAccessibilityStatementSections(main);
  await checkWidths(page, 'accessibility statement');

  // Keyboard only: sent empty, the focus lands on the first field in error with its French message.
  const form = main.getByRole('form', { name: 'Signaler un problème d’accessibilité' });
  await form.getByRole('button', { name: 'Envoyer le signalement' }).focus();
  await page.keyboard.press('Enter');
  const email = form.getByRole('textbox', { name: /Adresse e-mail/ });
  await expect(email).toBeFocused();
  await expect(form).toContainText('Saisissez l’adresse e-mail où vous répondre.');
  await page.keyboard.type('lectrice.ecran@example.org');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Mes remboursements');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Le tableau des remboursements est lu sans ses en-têtes par mon lecteur d’écran.');
  await page.keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Envoyer le signalement' })).toBeFocused();
  await page.keyboard.press('Enter');
  const sent = main.getByTestId('a11y-report-sent');
  await expect(sent).toBeFocused();
  await expect(sent).toContainText('nous vous répondrons à l’adresse lectrice.ecran@example.org');
  await expectNoA11yViolations(page, { label: 'report sent' });

  // The management centre reads it and answers; the visitor receives the answer.
  const staff = await staffSignIn(browser, 'agent@gestion.localhost');
  await staff.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Accessibilité' }).click();
  await expect(staff.getByRole('heading', { level: 1, name: 'Signalements d’accessibilité' })).toBeVisible();
  const report = staff.getByRole('article', { name: 'Mes remboursements' });
  await expect(report).toContainText('lectrice.ecran@example.org');
  await checkWidths(staff, 'back-office accessibility reports');
  await report.getByRole('textbox', { name: 'Réponse envoyée par e-mail' }).fill('Merci. Les en-têtes du tableau sont corrigés depuis ce matin.');
  await report.getByRole('button', { name: 'Envoyer la réponse' }).click();
  await expect(report).toContainText('Réponse de Alice Agent');
  const answer = await instance.mail.waitFor({ to: 'lectrice.ecran@example.org', subject: /Réponse à votre signalement d’accessibilité/ });
  expect(answer.text).toContain('Les en-têtes du tableau sont corrigés depuis ce matin.');
  await report.getByRole('button', { name: 'Clore le signalement' }).click();
  await expect(report).toContainText('Clos');
  await expect(report.getByRole('button')).toHaveCount(0);
});

test('signed out: the footer leads to the relay service for deaf and hard-of-hearing members, over the phone line’s hours', async ({ browser }) => {
  const page = await (await browser.newContext({ storageState: { cookies: [], origins: [] } })).newPage();
  await page.goto(instance.tenantUrl('mutua', '/login'));
  await page.getByTestId('app-footer').getByRole('link', { name: 'Ligne accessible sourds et malentendants' }).click();
  await expect(page).toHaveURL(/\/help#ligne-accessible$/);
  const relay = page.getByTestId('relay-service');
  await expect(relay.getByRole('heading', { name: /sourd, malentendant/ })).toBeVisible();
  await expect(relay).toContainText('Du lundi au vendredi de 8\u00a0h\u00a030 à 18\u00a0h');
  for (const mode of ['Transcription écrite en temps réel', 'Langue des signes française (LSF)', 'Langue française parlée complétée (LPC)'])
    await expect(relay).toContainText(mode);
  await expect(relay.getByRole('link', { name: /Appeler un conseiller par le service d’accessibilité/ })).toHaveAttribute(
    'href',
    'https://relais-accessibilite.example/mutua-sante',
  );
  await checkWidths(page, 'help relay service');
});

test('signed in: « Mes contrats » shows each product’s costs for the last closed year; the contact page offers the relay service', async ({ page }) => {
  await instance.signIn(page, DEMO_ACCOUNTS.camille);
  await page.goto(instance.tenantUrl('mutua', '/contractual-info'));
  const costs = page.getByTestId('product-costs');
  await expect(costs.getByRole('heading', { level: 2, name: 'Frais de gestion et taux de redistribution' })).toBeVisible();
  await expect(costs).toContainText('arrêté du 6 mai 2020');
  await expect(costs).toContainText(`exercice ${new Date().getFullYear() - 1}`);
  await expect(costs).toContainText(/Taux de redistribution\u00a0: \d+(,\d+)?\u00a0%/);
  await expect(costs).toContainText(/Pour 100\u00a0€ de cotisations perçues, \d+,\d\d\u00a0€/);
  await expect(costs).toContainText(/Frais de gestion\u00a0: \d+(,\d+)?\u00a0% des cotisations/);
  await checkWidths(page, 'contractual info costs');

  await page.goto(instance.tenantUrl('mutua', '/contact-us'));
  const dialog = page.getByRole('dialog', { name: 'Nous contacter' });
  await expect(dialog.getByTestId('relay-service')).toContainText('Du lundi au vendredi de 8\u00a0h\u00a030 à 18\u00a0h');
  await checkWidths(page, 'contact relay service');
});
