import { SCHOOLING_MESSAGES } from '@mutua/contracts/campaigns';
import { PORTABILITY_MESSAGES, PORTABILITY_TITLES } from '@mutua/contracts/portability';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, expectNoA11yViolations, isolatedServer, test } from '../fixtures';

// Campaigns and popups: the schooling campaign answered for two children
// three ways (certificate now, later, not schooled) over two sessions, the certificate found in « Mes
// demandes »; the old insured space behind its exit survey. It switches Mutua's digital campaigns on,
// so it runs on a server instance of its own. Screenshots of each popup at 1280 and 360 px go to
// SHOTS_DIR when set (looked at by hand).

const instance = isolatedServer({
  database: 'embedded',
  name: 'campaigns',
  prepare: async (server) => server.operator.feature('mutua', 'DIGITAL_CAMPAIGNS', true),
});

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const shot = async (page: Page, name: string) => {
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/${name}.png`, fullPage: false });
};

test('schooling campaign: Léa’s certificate now and Noah later, then Noah not schooled at the next sign-in; the certificate in « Mes demandes »', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await instance.signIn(page, DEMO_ACCOUNTS.camille);
  const dialog = page.getByRole('dialog', { name: 'Certificats de scolarité 2026-2027' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('La date limite du 15 novembre 2026 est passée');
  const lea = dialog.getByRole('radiogroup', { name: /Léa Durand/ });
  const noah = dialog.getByRole('radiogroup', { name: /Noah Durand/ });
  // Focus where the eye goes: the first child's first choice.
  await expect(lea.getByRole('radio', { name: 'Déposer le certificat de scolarité maintenant' })).toBeFocused();
  await expectNoA11yViolations(page, { label: 'schooling campaign' });
  await shot(page, 'schooling-1280');

  // Nothing chosen: the spec's message for each child.
  await dialog.getByRole('button', { name: 'Envoyer mes réponses' }).click();
  await expect(dialog.getByText(SCHOOLING_MESSAGES.noChoice)).toHaveCount(2);

  // By keyboard: Léa's first choice (the certificate now), then the upload field it opens.
  await lea.getByRole('radio', { name: 'Déposer le certificat de scolarité maintenant' }).focus();
  await page.keyboard.press('Space');
  await expect(lea.getByRole('radio', { name: 'Déposer le certificat de scolarité maintenant' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Envoyer mes réponses' }).click();
  await expect(dialog.getByText(SCHOOLING_MESSAGES.fileMissing)).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'certificat-lea.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByText('certificat-lea.pdf')).toBeVisible();
  await noah.getByRole('radio', { name: 'Déposer ultérieurement' }).check();
  await expectNoA11yViolations(page, { label: 'schooling campaign filled' });

  const answers: number[] = [];
  page.on('response', (r) => {
    if (r.url().includes('/api/schooling-campaign/') && r.request().method() === 'POST') answers.push(r.status());
  });
  await dialog.getByRole('button', { name: 'Envoyer mes réponses' }).click();
  const thanks = dialog.getByRole('heading', { name: 'Merci, vos réponses sont enregistrées.' });
  await expect(thanks).toBeFocused();
  await expect(dialog).toContainText('Léa : certificat envoyé'.replace(' :', '\u00a0:'));
  await expect(dialog).toContainText('Noah : à déposer ultérieurement'.replace(' :', '\u00a0:'));
  expect(answers).toEqual([201, 201]);
  await expectNoA11yViolations(page, { label: 'schooling campaign answered' });

  // The certificate became a supporting-document request.
  await dialog.getByRole('link', { name: 'Voir mes demandes' }).click();
  await expect(page).toHaveURL(/\/requests/);
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Certificat de scolarité').first()).toBeVisible();
  // Closed in this session: not again on the next page.
  await page.reload();
  await expect(page.getByText('Certificat de scolarité').first()).toBeVisible();
  await expect(dialog).toBeHidden();

  // The next sign-in asks again for Noah only, « later » chosen; at 360 px.
  await page.getByRole('button', { name: 'Se déconnecter' }).first().click();
  await expect(page).toHaveURL(/\/login/);
  await page.setViewportSize({ width: 360, height: 780 });
  await instance.signIn(page, DEMO_ACCOUNTS.camille);
  await expect(dialog).toBeVisible();
  await expect(lea).toHaveCount(0);
  await expect(noah.getByRole('radio', { name: 'Déposer ultérieurement' })).toBeChecked();
  await expectNoA11yViolations(page, { label: 'schooling campaign, second session' });
  await shot(page, 'schooling-360');
  // Keyboard: the arrow moves the choice to « not schooled ».
  await noah.getByRole('radio', { name: 'Déposer ultérieurement' }).focus();
  await page.keyboard.press('ArrowDown');
  await expect(noah.getByRole('radio', { name: 'Cet enfant n’est pas scolarisé' })).toBeChecked();
  await dialog.getByRole('button', { name: 'Envoyer mes réponses' }).click();
  await expect(dialog).toContainText('Noah\u00a0: non scolarisé(e)');
  await dialog.getByRole('button', { name: 'Fermer' }).last().click();
  await expect(dialog).toBeHidden();
  // Every child answered: the campaign is over.
  const details = await page.evaluate(async () => (await (await fetch('/api/all-info')).json()) as { data: { schoolingCampaign: unknown } });
  expect(details.data.schoolingCampaign).toBeNull();
});

test('the old insured space: the exit survey first (by keyboard), its answer stored, then the old space', async ({ page }) => {
  await page.route('https://ancien-espace.azur-prevoyance.example/**', (route) =>
    route.fulfill({
      contentType: 'text/html; charset=utf-8',
      body: '<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>Ancien espace</title></head><body><main><h1>Ancien espace adhérent</h1></main></body></html>',
    }),
  );
  await page.setViewportSize({ width: 1280, height: 900 });
  await instance.signIn(page, DEMO_ACCOUNTS.lea);
  const link = page.getByRole('button', { name: 'Retour à l’ancien espace adhérent' });
  await expect(link).toBeVisible();
  await link.focus();
  await expect(link).toBeFocused();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Retourner à l’ancien espace adhérent' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('radio', { name: 'Je suis habitué(e) à l’ancien espace' })).toBeFocused();
  await expectNoA11yViolations(page, { label: 'exit survey' });
  await shot(page, 'exit-survey-1280');
  await dialog.getByRole('button', { name: 'Continuer vers l’ancien espace' }).click();
  await expect(dialog.getByText('Veuillez indiquer pourquoi vous retournez à l’ancien espace.')).toBeVisible();
  await page.setViewportSize({ width: 360, height: 780 });
  await shot(page, 'exit-survey-360');
  await dialog.getByRole('radio', { name: 'Le nouvel espace est trop lent' }).check();
  await dialog.getByLabel('Commentaire (facultatif)').fill('Les pages mettent du temps à s’afficher.');
  const stored = page.waitForResponse((r) => r.url().endsWith('/api/exit-survey'));
  await page.keyboard.press('Tab');
  await dialog.getByRole('button', { name: 'Continuer vers l’ancien espace' }).press('Enter');
  expect((await stored).status()).toBe(201);
  await expect(page).toHaveURL('https://ancien-espace.azur-prevoyance.example/');
  await expect(page.getByRole('heading', { name: 'Ancien espace adhérent' })).toBeVisible();
});

test('France Travail portability: Julien’s starting case at 360 px, the proof through the upload field, one request, the popup gone for the month', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 780 });
  // Julien has two e-mail addresses: the list step, then the code sent to the first one.
  const after = await instance.mail.mark();
  await page.goto(instance.tenantUrl('mutua', '/login'));
  await page.getByRole('textbox', { name: 'Identifiant' }).fill('23456789');
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('radio', { name: 'j***n@example.com' }).check();
  await page.getByRole('button', { name: 'Recevoir mon code' }).click();
  const code = await instance.mail.waitForCode({ to: 'julien.martin@example.com', after, subject: /Votre code de vérification en deux étapes/ });
  await page.getByRole('textbox', { name: /Code reçu par e-mail/ }).fill(code);
  await page.getByRole('button', { name: 'Valider' }).click();
  const dialog = page.getByRole('dialog', { name: PORTABILITY_TITLES.STARTING });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('Depuis le 1er novembre 2026');
  await expect(dialog).toContainText('jusqu’au 31 octobre 2027 (12\u00a0mois');
  await expect(dialog).toContainText(PORTABILITY_MESSAGES.legalNotice);
  await expectNoA11yViolations(page, { label: 'portability popup' });
  await shot(page, 'portability-360');

  await dialog.getByRole('button', { name: 'Envoyer mon justificatif' }).click();
  await expect(dialog.getByText(PORTABILITY_MESSAGES.fileMissing)).toBeVisible();
  await dialog.locator('input[type="file"]').setInputFiles({ name: 'avis-france-travail.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(dialog.getByText('avis-france-travail.pdf')).toBeVisible();
  const sent: number[] = [];
  page.on('response', (r) => {
    if (r.url().endsWith('/api/portability/proof')) sent.push(r.status());
  });
  await dialog.getByRole('button', { name: 'Envoyer mon justificatif' }).click();
  await expect(dialog.getByRole('heading', { name: 'Merci, votre justificatif France Travail est envoyé.' })).toBeFocused();
  expect(sent).toEqual([201]);
  await expectNoA11yViolations(page, { label: 'portability proof sent' });
  await dialog.getByRole('link', { name: 'Voir mes demandes' }).click();
  await expect(page).toHaveURL(/\/requests/);
  await expect(page.getByText('Justificatif d’indemnisation France Travail').first()).toBeVisible();
  // This month's proof received: no popup on the next page.
  await page.reload();
  await expect(page.getByText('Justificatif d’indemnisation France Travail').first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const details = await page.evaluate(async () => (await (await fetch('/api/all-info')).json()) as { data: { portability: unknown } });
  expect(details.data.portability).toBeNull();
});
