import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { frenchDateWords } from '@mutua/contracts/french-format';
import { DEMO_ACCOUNTS, expect, expectNoA11yViolations, isolatedServer, test, type DemoAccount } from '../fixtures';
import { staffSupport } from './staff-support';

// Bank details and the SEPA mandate signed with an SMS code. The journeys change demo
// accounts and block one member's signature: they run on a server instance of their own.

const instance = isolatedServer({ database: 'embedded', name: 'bank-details' });
const staff = staffSupport(instance);
test.describe.configure({ mode: 'serial' });

const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
const NBSP = '\u00a0';
const LEA: DemoAccount = DEMO_ACCOUNTS.lea;

/** The latest signature code sent by SMS to this number (development outbox of the instance). */
async function smsCode(tenant: 'mutua' | 'azur', mobile: string, after?: string): Promise<{ code: string; id: string }> {
  for (let i = 0; i < 50; i++) {
    const res = await instance.tenantApi(tenant, `/api/debug/outbox?kind=MANDATE_SIGNATURE_CODE&limit=5`);
    const [sms] = res.json<{ data: { id: string; to: string; text: string }[] }>().data.filter((s) => s.to.endsWith(mobile.slice(1)));
    if (sms && sms.id !== after) return { code: sms.text.match(/ est (\d{6})\./)![1]!, id: sms.id };
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no signature SMS for ${mobile}`);
}

async function attachRib(page: Page, dialog: ReturnType<Page['getByRole']>, byKeyboard = false) {
  const chooser = page.waitForEvent('filechooser');
  if (byKeyboard) {
    // Playwright turns the chooser's interception on without waiting once a listener exists: a click's
    // checks leave it time, a bare key press may not (the chooser then opens unseen, seen in CI). A round
    // trip to the page on the same connection comes back after the interception is on.
    await page.evaluate(() => undefined);
    await page.keyboard.press('Enter');
  } else await dialog.getByRole('button', { name: 'Ajouter des fichiers' }).click();
  await (await chooser).setFiles({ name: 'rib.png', mimeType: 'image/png', buffer: TINY_PNG });
  await expect(dialog.getByRole('list', { name: 'Fichiers ajoutés' })).toContainText('rib.png');
}

/** Presses Tab until the element has the focus (keyboard-only journeys), at most `max` times. */
async function tabTo(page: Page, target: ReturnType<Page['getByRole']>, max = 40) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('the element never got the focus by Tab');
}

test('a beneficiary’s refund account: checked IBAN, the RIB copy, a request being checked, then accepted in the back office', async ({ page, browser }) => {
  test.setTimeout(120_000);
  await instance.signIn(page, DEMO_ACCOUNTS.camille);
  await page.goto(instance.tenantUrl('mutua', '/banking-info'));
  await expect(page.getByRole('heading', { level: 1, name: 'Mes coordonnées bancaires' })).toBeVisible();
  const contribution = page.getByRole('region', { name: 'Prélèvement des cotisations' });
  await expect(contribution).toContainText('FR76 •••• •••• •••• 0143');
  await expect(contribution).toContainText('BNP Paribas');
  await expect(page.getByTestId('beneficiary-account-2')).toContainText('Identique à l’assuré principal');
  await expect(page.getByTestId('beneficiary-account-3')).toContainText('La Banque Postale');
  await expectNoA11yViolations(page, { label: 'banking-info' });

  await page.getByRole('link', { name: 'Modifier le compte de remboursement de Thomas Durand' }).click();
  await expect(page).toHaveURL(/\/update-rib\/refund-2$/);
  const dialog = page.getByRole('dialog', { name: 'Modifier mes coordonnées bancaires' });
  await expect(dialog).toContainText('Compte de remboursement de Thomas Durand');
  await dialog.getByRole('textbox', { name: 'Titulaire du compte' }).fill('Thomas Durand');
  // A typo in the IBAN: the French message of that fault.
  await dialog.getByRole('textbox', { name: 'IBAN' }).fill('FR77 3000 4000 0312 3456 7890 143');
  await dialog.getByRole('button', { name: 'Valider' }).click();
  await expect(dialog.getByText(`L’IBAN est incorrect${NBSP}: sa clé de contrôle ne correspond pas.`, { exact: false })).toBeVisible();
  // The IBAN the beneficiary is already paid on (the main insured's): « déjà utilisé ».
  await dialog.getByRole('textbox', { name: 'IBAN' }).fill('FR76 3000 4000 0312 3456 7890 143');
  await attachRib(page, dialog);
  await dialog.getByRole('button', { name: 'Valider' }).click();
  await expect(dialog.getByRole('alert').filter({ hasText: 'Coordonnées bancaires déjà utilisées' })).toContainText(
    `IBAN déjà utilisé${NBSP}: c’est votre IBAN actuel.`,
  );
  await expectNoA11yViolations(page, { label: 'update-rib with errors' });

  await dialog.getByRole('textbox', { name: 'IBAN' }).fill('fr33 3000 2005 5000 0015 7841 z25');
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/bank-details/changes') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Valider' }).click();
  expect((await sent).status()).toBe(201);
  const requestId = ((await (await sent).json()) as { data: { requestId: string } }).data.requestId;
  const done = dialog.getByTestId('bank-change-done');
  await expect(done).toContainText('La demande de changement de coordonnées bancaires est validée.');
  await expect(done).toContainText('une fois la copie de votre RIB vérifiée');
  await expect(done).toBeFocused();
  await expectNoA11yViolations(page, { label: 'refund change done' });
  await dialog.getByRole('button', { name: 'Terminer' }).click();
  await expect(page).toHaveURL(/\/banking-info$/);

  // Being checked: Thomas is still paid on the main insured's account; the new RIB shows as pending.
  const thomas = page.getByTestId('beneficiary-account-2');
  await expect(thomas).toContainText('Compte en vigueur');
  await expect(thomas).toContainText('Identique à l’assuré principal');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date());
  await expect(page.getByTestId('pending-refund-2')).toContainText(
    `Nouveau RIB en cours de vérification (IBAN FR33 •••• 1Z25), envoyé le ${frenchDateWords(today)}`,
  );
  await expect(page.getByTestId('pending-refund-2')).toContainText('LCL, titulaire Thomas Durand');
  await expectNoA11yViolations(page, { label: 'banking-info with a pending change' });
  await page.setViewportSize({ width: 360, height: 800 });
  await page.screenshot({ path: test.info().outputPath('banking-pending-360.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: test.info().outputPath('banking-pending-1280.png'), fullPage: true });
  // Thomas's own page says the same, next to the account in force.
  await page.goto(instance.tenantUrl('mutua', '/update-benef/2'));
  const refundSection = page.getByRole('region', { name: 'Compte de remboursement' });
  await expect(refundSection).toContainText('Compte en vigueur');
  await expect(refundSection).toContainText('FR76 •••• •••• •••• 0143 (Camille Durand), celui de l’assuré principal');
  await expect(refundSection.getByTestId('pending-refund-2')).toContainText('Nouveau RIB en cours de vérification (IBAN FR33 •••• 1Z25)');
  await expect(refundSection.getByRole('link', { name: /Modifier le compte de remboursement/ })).toHaveCount(0);
  await expectNoA11yViolations(page, { label: 'update-benef with a pending change' });
  await page.setViewportSize({ width: 360, height: 800 });
  await refundSection.screenshot({ path: test.info().outputPath('update-benef-pending-360.png') });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(instance.tenantUrl('mutua', '/banking-info'));

  // A second change for Thomas meanwhile: the dialog shows the pending one and says why, no form.
  await page.getByRole('link', { name: 'Modifier le compte de remboursement de Thomas Durand' }).click();
  await expect(dialog.getByText(/déjà en cours de vérification pour cette personne/)).toBeVisible();
  await expect(dialog.getByRole('textbox', { name: 'IBAN' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Terminer' }).click();
  await expect(page).toHaveURL(/\/banking-info$/);

  // The management centre checks the RIB copy and accepts the change.
  const agent = await staff.staffSignIn(browser, 'agent@gestion.localhost');
  await agent.goto(staff.staffUrl(`/cases/${requestId}`));
  await expect(agent.getByRole('heading', { name: 'Compte de remboursement', exact: true })).toBeVisible();
  await expect(agent.getByRole('link', { name: 'rib.png' })).toBeVisible();
  // The whole IBAN asked for, to compare with the copy; the account in force (the main insured's).
  await expect(agent.getByTestId('bank-change')).toContainText('FR33 3000 2005 5000 0015 7841 Z25');
  await expect(agent.getByTestId('bank-change')).toContainText('FR76 •••• •••• •••• 0143');
  await expectNoA11yViolations(agent, { label: 'refund account change case' });
  await agent.getByRole('button', { name: 'Accepter le changement' }).click();
  await expect(agent.getByText('Compte de remboursement mis à jour.')).toBeVisible();
  await agent.context().close();

  // In force: the member sees the new account, no pending line, and « Traité » on the request.
  await page.reload();
  await expect(thomas).toContainText('FR33 •••• •••• •••• 1Z25');
  await expect(thomas).toContainText('LCL');
  await expect(page.getByTestId('pending-refund-2')).toHaveCount(0);
  await expect(thomas).not.toContainText('Compte en vigueur');
  await page.goto(instance.tenantUrl('mutua', '/requests'));
  await expect(page.getByText('Changement de RIB de Thomas Durand').first()).toBeVisible();
});

test('the contribution account, by keyboard only: the whole mandate, the SMS code, « Je signe », the sealed PDF', async ({ page }) => {
  // Many pages (or a whole mandate by keyboard) in one journey: above the default minute on a busy CI machine.
  test.slow();
  await instance.signIn(page, DEMO_ACCOUNTS.camille);
  await page.goto(instance.tenantUrl('mutua', '/banking-info'));
  await expect(page.getByRole('heading', { level: 1, name: 'Mes coordonnées bancaires' })).toBeVisible();
  const change = page.getByRole('link', { name: 'Modifier le compte de prélèvement des cotisations' });
  await tabTo(page, change);
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Modifier mes coordonnées bancaires' });
  await expect(dialog).toContainText('Compte de prélèvement des cotisations');

  const holder = dialog.getByRole('textbox', { name: 'Titulaire du compte' });
  await tabTo(page, holder);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type('Camille Durand');
  await page.keyboard.press('Tab');
  await page.keyboard.type('FR33 3000 2005 5000 0015 7841 Z25');
  await tabTo(page, dialog.getByRole('button', { name: 'Ajouter des fichiers' }));
  await attachRib(page, dialog, true);
  await tabTo(page, dialog.getByRole('button', { name: 'Continuer vers le mandat' }));
  await page.keyboard.press('Enter');

  // The whole mandate: title, RUM, creditor and ICS, debtor, recurrent payment, the standard text.
  const mandate = dialog.getByTestId('mandate');
  await expect(mandate.getByRole('heading', { name: 'Mandat de prélèvement SEPA' })).toBeVisible();
  const rum = (await mandate.getByText(/^MUTUA-12345678-\d{8}-[0-9A-F]{6}$/).textContent())!;
  for (const text of [
    'Mutua Santé',
    '10 rue de la Mutualité, 75005 Paris, France',
    'FR72ZZZ123456',
    'Camille Durand',
    'FR33 3000 2005 5000 0015 7841 Z25',
    'CRLYFRPPXXX',
    'Paiement récurrent / répétitif',
  ]) {
    await expect(mandate).toContainText(text);
  }
  await expect(mandate).toContainText('En signant ce formulaire de mandat, vous autorisez (A) Mutua Santé à envoyer des instructions à votre banque');
  await expectNoA11yViolations(page, { label: 'mandate shown' });

  await tabTo(page, dialog.getByRole('button', { name: 'Recevoir le code par SMS' }));
  await page.keyboard.press('Enter');
  const codeBox = dialog.getByRole('textbox', { name: 'Code reçu par SMS' });
  await expect(codeBox).toBeFocused();
  await expect(dialog.getByRole('status')).toContainText('06 ** ** ** 78');
  const first = await smsCode('mutua', '0612345678');

  // A wrong code: « Code erroné », nothing signed.
  await page.keyboard.type(first.code === '000000' ? '111111' : '000000');
  await tabTo(page, dialog.getByRole('textbox', { name: 'Lieu de signature' }));
  await page.keyboard.type('Paris');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Space');
  await expect(dialog.getByRole('checkbox')).toBeChecked();
  await tabTo(page, dialog.getByRole('button', { name: 'Je signe' }));
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('alert')).toContainText('Code erroné');
  await expect(dialog.getByRole('alert')).toContainText('Il vous reste 4 essais.');

  await tabTo(page, codeBox);
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(first.code);
  await tabTo(page, dialog.getByRole('button', { name: 'Je signe' }));
  const signedAnswer = page.waitForResponse((r) => /\/api\/bank-details\/changes\/[^/]+\/sign$/.test(r.url()));
  await page.keyboard.press('Enter');
  expect((await signedAnswer).status()).toBe(201);
  const done = dialog.getByTestId('bank-change-done');
  await expect(done).toContainText('La demande de changement de coordonnées bancaires est validée.');
  await expect(done).toBeFocused();
  await expectNoA11yViolations(page, { label: 'mandate signed' });

  // The signed mandate: its text (pdftotext) and its seal (pdfsig).
  const download = page.waitForEvent('download');
  await tabTo(page, dialog.getByRole('button', { name: 'Télécharger le mandat signé' }));
  await page.keyboard.press('Enter');
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'e2e-mandate-')), 'mandat.pdf');
  await (await download).saveAs(file);
  const text = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }).replace(/\s+/g, ' ');
  for (const piece of ['Mandat de prélèvement SEPA', rum.trim(), 'FR72ZZZ123456', 'Camille Durand', 'Signé à : Paris', 'dans les 8 semaines'])
    expect(text).toContain(piece);
  const sig = spawnSync('pdfsig', [file], { encoding: 'utf8' });
  expect(`${sig.stdout}${sig.stderr}`).toContain('Signature is Valid');

  await page.keyboard.press('Escape');
  await expect(page).toHaveURL(/\/banking-info$/);
  const inForce = page.getByTestId('mandate-in-force');
  await expect(inForce).toContainText(rum.trim());
  await expect(inForce).toContainText('Paris');
  await expect(page.getByRole('region', { name: 'Prélèvement des cotisations' })).toContainText('FR33 •••• •••• •••• 1Z25');
});

test('five wrong codes block the signature; the right code is then refused too', async ({ page }) => {
  await instance.signIn(page, LEA);
  await page.goto(instance.tenantUrl('azur', '/update-rib/contribution'));
  const dialog = page.getByRole('dialog', { name: 'Modifier mes coordonnées bancaires' });
  await dialog.getByRole('textbox', { name: 'Titulaire du compte' }).fill('Léa Moreau');
  await dialog.getByRole('textbox', { name: 'IBAN' }).fill('FR1420041010050500013M02606');
  await attachRib(page, dialog);
  await dialog.getByRole('button', { name: 'Continuer vers le mandat' }).click();
  await expect(dialog.getByTestId('mandate')).toContainText('Azur Prévoyance');
  await expect(dialog.getByTestId('mandate')).toContainText('FR19ZZZ654321');
  await dialog.getByRole('button', { name: 'Recevoir le code par SMS' }).click();
  const { code } = await smsCode('azur', '0667890123');
  const wrong = code === '999999' ? '999998' : '999999';
  await dialog.getByRole('textbox', { name: 'Code reçu par SMS' }).fill(wrong);
  await dialog.getByRole('textbox', { name: 'Lieu de signature' }).fill('Nice');
  await dialog.getByRole('checkbox').check();
  for (let i = 1; i <= 4; i++) {
    await dialog.getByRole('button', { name: 'Je signe' }).click();
    await expect(dialog.getByRole('alert')).toContainText(`Il vous reste ${5 - i} essai`);
  }
  await dialog.getByRole('button', { name: 'Je signe' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Suite à plusieurs codes erronés');
  await dialog.getByRole('textbox', { name: 'Code reçu par SMS' }).fill(code);
  await dialog.getByRole('button', { name: 'Je signe' }).click();
  await expect(dialog.getByRole('alert')).toContainText('Suite à plusieurs codes erronés');
  await expectNoA11yViolations(page, { label: 'signature blocked' });
  await page.goto(instance.tenantUrl('azur', '/banking-info'));
  await expect(page.getByText('Aucun compte de prélèvement n’est enregistré.')).toBeVisible();
  await expect(page.getByTestId('mandate-in-force')).toHaveCount(0);
});
