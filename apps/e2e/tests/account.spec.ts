import { execFileSync } from 'node:child_process';
import type { Locator, Page } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, expectNoA11yViolations, isolatedServer, test } from '../fixtures';
import { TINY_PNG } from './member-session';
import { fetchFromPage } from './page-fetch';

// The account area. The journeys change Camille's family, address and password, so they run
// on a server instance of their own, one after the other.

test.describe.configure({ mode: 'serial', timeout: 180_000 });

const instance = isolatedServer({ database: 'embedded', name: 'account' });

const url = (pathname: string) => instance.tenantUrl('mutua', pathname);

/** POSTs a multipart form from the page, as the app does (cookies and anti-forgery header), with a PNG as the proof. */
function postForm(page: Page, pathname: string, fields: Record<string, string>) {
  const proof = { name: 'jugement.png', type: 'image/png', base64: TINY_PNG.toString('base64') };
  return fetchFromPage<{ error?: { message: string } }>(page, pathname, { method: 'POST', form: fields, files: [proof] });
}

/** Presses Tab until `target` has the focus (keyboard-only journeys). */
async function tabTo(page: Page, target: Locator, max = 60) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('target never reached with Tab');
}

test('family: the hub, a newborn added with its birth certificate, a deletion sent once and the second refused', async ({ page }) => {
  await instance.signIn(page, DEMO_ACCOUNTS.camille);
  await page.getByRole('navigation').getByRole('link', { name: 'Mon compte' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mon compte' })).toBeVisible();
  for (const card of [
    'Mes informations personnelles',
    'Mes bénéficiaires',
    'Mes coordonnées bancaires',
    'Mes préférences',
    'Mes documents',
    'Mes contrats',
    'Mes données',
  ]) {
    await expect(page.getByRole('region', { name: card })).toBeVisible();
  }
  await expectNoA11yViolations(page, { label: 'account hub' });

  await page.getByRole('link', { name: 'Voir mes bénéficiaires' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mes bénéficiaires' })).toBeVisible();
  // Main, partner, then the children by birth date; names capitalised.
  await expect(page.getByRole('listitem').getByRole('heading', { level: 2 })).toHaveText(['Camille Durand', 'Thomas Durand', 'Léa Durand', 'Noah Durand']);
  await expectNoA11yViolations(page, { label: 'beneficiaries' });

  // A newborn, declared with the birth certificate.
  await page.getByRole('link', { name: 'Ajouter un bénéficiaire' }).click();
  const dialog = page.getByRole('dialog', { name: 'Ajouter un bénéficiaire' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Profil').selectOption('BIRTH');
  await dialog.getByRole('textbox', { name: 'Prénom' }).fill('Inès');
  await dialog.getByRole('textbox', { name: 'Nom', exact: true }).fill('Durand');
  await dialog.getByRole('radio', { name: 'Féminin' }).check();
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  await dialog.getByLabel('Date de naissance').fill(today);
  // Without the parent and the document, the form says what is missing.
  await dialog.getByRole('button', { name: 'Envoyer ma demande' }).click();
  await expect(dialog.getByText('Veuillez sélectionner le parent auquel l’enfant est rattaché.')).toBeVisible();
  await expect(dialog.getByText('Veuillez télécharger le/les fichier(s) nécessaire(s)')).toBeVisible();
  await dialog.getByLabel('Parent auquel l’enfant est rattaché').selectOption('MAIN');
  await expect(dialog.getByText('Acte de naissance ou livret de famille')).toBeVisible();
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Ajouter des fichiers' }).click();
  await (await chooser).setFiles({ name: 'acte-de-naissance.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expectNoA11yViolations(page, { label: 'add-beneficiary dialog' });
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/beneficiaries') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Envoyer ma demande' }).click();
  expect((await sent).status()).toBe(201);
  await expect(dialog.getByText('Votre demande d’ajout a été envoyée')).toBeVisible();
  await expect(dialog.getByText(/vous répondent sous quelques jours/)).toBeVisible();
  await dialog.getByRole('link', { name: 'Voir ma demande' }).click();
  await expect(page.getByRole('button', { name: 'Ajout d’un bénéficiaire : Inès Durand' }).first()).toBeVisible();

  // Thomas's deletion: reason, its document, end date.
  await page.goto(url('/update-benef/2'));
  await expect(page.getByRole('heading', { level: 1, name: 'Thomas Durand' })).toBeVisible();
  await page.getByLabel('Motif de la suppression').selectOption('DIVORCE');
  await expect(page.getByText('Jugement ou acte de divorce')).toBeVisible();
  const chooser2 = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Ajouter des fichiers' }).click();
  await (await chooser2).setFiles({ name: 'jugement.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expectNoA11yViolations(page, { label: 'update-benef' });
  await page.getByRole('button', { name: 'Demander la suppression' }).click();
  await expect(page.getByText('Votre demande de suppression a été prise en compte')).toBeVisible();
  await page.reload();
  await expect(page.getByText(/Une demande de suppression est en cours de traitement/)).toBeVisible();
  // The documents about Thomas: the judgement just sent, downloadable.
  const thomasDocs = page.getByRole('region', { name: 'Documents', exact: true });
  await expect(thomasDocs.getByText('jugement.png')).toBeVisible();
  const judgement = page.waitForEvent('download');
  await thomasDocs.getByRole('button', { name: 'Télécharger jugement.png' }).click();
  expect((await judgement).suggestedFilename()).toBe('jugement.png');
  // A second deletion request for Thomas is refused while the first is pending.
  const second = await postForm(page, '/api/beneficiaries/2/deletion', { reason: 'DIVORCE', endDate: today });
  expect(second.status).toBe(409);
  expect(second.body.error?.message).toBe('Une demande de suppression est déjà en cours pour ce bénéficiaire.');

  // Camille's own page: her refund statements, downloadable.
  await page.goto(url('/update-benef/1'));
  const camilleDocs = page.getByRole('region', { name: 'Documents', exact: true });
  const statement = page.waitForEvent('download');
  await camilleDocs
    .getByRole('button', { name: /^Télécharger Décompte n° / })
    .first()
    .click();
  expect((await statement).suggestedFilename()).toMatch(/^Decompte_\d{4}-\d{2}-\d{2}_.+\.pdf$/);
  // Scrolled to the list, the sticky header covers the form's button above it: axe counts that
  // passing overlap as a too-small target. Checked as the page opens.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expectNoA11yViolations(page, { label: 'update-benef documents' });
});

test('personal information: a move to a postal code with several communes, the organisation-code popup, teletransmission by keyboard, certificate, my data, password', async ({
  page,
}, testInfo) => {
  await instance.signIn(page, DEMO_ACCOUNTS.camille);
  await page.goto(url('/personal-info'));
  await expect(page.getByRole('heading', { level: 1, name: 'Mes informations personnelles' })).toBeVisible();
  await expectNoA11yViolations(page, { label: 'personal info' });

  await page.getByRole('textbox', { name: 'Adresse', exact: true }).fill('3 place de la Mairie');
  await page.getByRole('textbox', { name: 'Code postal' }).fill('01400');
  const commune = page.getByRole('combobox', { name: 'Commune' });
  await expect(commune.locator('option')).toContainText(['Châtillon-sur-Chalaronne', 'Sandrans']);
  await commune.selectOption('Châtillon-sur-Chalaronne');
  await page.getByRole('button', { name: 'Enregistrer mes coordonnées' }).click();
  const popup = page.getByRole('dialog', { name: 'Vous avez changé de code postal' });
  await expect(popup).toBeVisible();
  await expectNoA11yViolations(page, { label: 'zip-code popup' });
  await popup.getByRole('link', { name: 'Mettre à jour mon code organisme' }).click();

  // Preferences, opened on teletransmission: the rest by keyboard only.
  await expect(page).toHaveURL(/\/preferences\/true$/);
  await expect(page.getByRole('heading', { name: 'Télétransmission' })).toBeFocused();
  await expectNoA11yViolations(page, { label: 'preferences' });
  const ask = page.getByRole('button', { name: 'Demander la télétransmission pour Noah Durand' });
  await tabTo(page, ask);
  await page.keyboard.press('Enter');
  const search = page.getByRole('textbox', { name: 'Rechercher votre caisse d’assurance maladie' });
  await tabTo(page, search);
  await page.keyboard.type('rsi');
  const obsolete = page.getByRole('radio', { name: /RSI Île-de-France/ });
  await expect(obsolete).toBeVisible();
  await tabTo(page, obsolete);
  await page.keyboard.press('Space');
  await expect(page.getByText(/rattaché à votre caisse primaire/).first()).toBeVisible();
  await expectNoA11yViolations(page, { label: 'teletransmission form' });
  await tabTo(page, page.getByRole('button', { name: 'Demander la télétransmission', exact: true }));
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/preferences') && r.request().method() === 'PUT');
  await page.keyboard.press('Enter');
  expect((await saved).status()).toBe(200);
  const noah = page.getByRole('row', { name: /Noah Durand/ });
  await expect(noah).toContainText('Demande en cours');
  await expect(noah).toContainText('017510000');

  // The lost card: the confirmation popup (paper card asked), then the request sent.
  await page.getByRole('button', { name: 'Déclarer la perte de ma carte' }).click();
  const lost = page.getByRole('dialog', { name: 'Déclarer la perte de votre carte de tiers payant' });
  await expect(lost.getByRole('checkbox', { name: 'Je souhaite recevoir une nouvelle carte papier par courrier' })).toBeChecked();
  await expectNoA11yViolations(page, { label: 'lost card popup' });
  const declared = page.waitForResponse((r) => r.url().endsWith('/api/preferences/lost-card'));
  await lost.getByRole('button', { name: 'Confirmer la perte' }).click();
  expect((await declared).status()).toBe(201);
  const lostDone = page.getByRole('dialog', { name: 'Déclaration de perte enregistrée' });
  await expect(lostDone).toContainText('Votre nouvelle carte papier vous sera envoyée par courrier');
  await expectNoA11yViolations(page, { label: 'lost card sent' });
  await lostDone.getByRole('link', { name: 'Voir mes demandes' }).click();
  await expect(page.getByRole('button', { name: 'Carte de tiers payant perdue' }).first()).toBeVisible();

  // The membership certificate: a real PDF named Certificat…, with the family in it.
  await page.goto(url('/personal-info'));
  const certificate = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger mon certificat d’adhésion' }).click();
  const pdf = await certificate;
  expect(pdf.suggestedFilename()).toBe('Certificat_adhesion_12345678.pdf');
  const pdfPath = testInfo.outputPath('certificat.pdf');
  await pdf.saveAs(pdfPath);
  const text = execFileSync('pdftotext', [pdfPath, '-']).toString();
  expect(text).toContain('Certificat d’adhésion');
  expect(text).toContain('Camille Durand');
  expect(text).toContain('Noah Durand');

  // My data: a ZIP with the JSON files, the refunds CSV and the documents sent.
  await page.goto(url('/account'));
  const zip = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Télécharger mes données' }).click();
  const archive = await zip;
  expect(archive.suggestedFilename()).toMatch(/^Mes_donnees_12345678_\d{4}-\d{2}-\d{2}\.zip$/);
  const zipPath = testInfo.outputPath('mes-donnees.zip');
  await archive.saveAs(zipPath);
  const listing = execFileSync('unzip', ['-l', zipPath]).toString();
  for (const name of ['profil.json', 'beneficiaires.json', 'preferences.json', 'demandes.json', 'notifications.json', 'remboursements.csv'])
    expect(listing).toContain(name);
  const profile = JSON.parse(execFileSync('unzip', ['-p', zipPath, 'profil.json']).toString()) as { address: { city: string } };
  expect(profile.address.city).toBe('Châtillon-sur-Chalaronne');

  // The password: the old one is checked, then the new one works.
  await page.goto(url('/personal-info'));
  const security = page.getByRole('region', { name: 'Sécurité' });
  await security.getByLabel('Ancien mot de passe').fill('Pas-le-bon-1234');
  await security.getByLabel(/^Nouveau mot de passe/).fill('Nouveau-Mot-2026');
  await security.getByLabel('Confirmation du nouveau mot de passe').fill('Nouveau-Mot-2026');
  await security.getByRole('button', { name: 'Modifier mon mot de passe' }).click();
  await expect(security.getByRole('alert')).toContainText('L’ancien mot de passe est erroné.');
  await security.getByLabel('Ancien mot de passe').fill(DEMO_PASSWORD);
  await security.getByRole('button', { name: 'Modifier mon mot de passe' }).click();
  await expect(security.getByText('Votre mot de passe a été modifié')).toBeVisible();
  // The member is told by e-mail, in case it was not them.
  await instance.mail.waitFor({ to: DEMO_ACCOUNTS.camille.email, subject: /Votre mot de passe .* a été modifié/ });
  await page.context().clearCookies();
  await instance.signIn(page, { ...DEMO_ACCOUNTS.camille, password: 'Nouveau-Mot-2026' });
  await expect(page).toHaveURL(/\/home$/);
});
