import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, expectNoA11yViolations, test } from './member-session';

// A claim by photo at 360 px: the member photographs a GP invoice in get-refund, the server reads it,
// the form comes prefilled (date, amount, act, the invoice attached) and waits for the member's check.

const PHONE = { width: 360, height: 780 };
const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The generated GP invoice photo of the reader's fixtures (apps/server/bench/invoices), made by its own script. */
function gpInvoicePhoto(): Buffer {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'invoice-photo-'));
  execFileSync(process.execPath, ['--import', 'tsx', 'apps/server/bench/invoices/generate.ts', dir, 'gp-photo'], { cwd: REPO, stdio: 'ignore' });
  return readFileSync(path.join(dir, 'gp-photo.jpg'));
}

test.use({ viewport: PHONE });

test('a GP invoice photographed in get-refund at 360 px prefills the form for the member to check', async ({ page }) => {
  test.slow(); // the OCR reads the photo for real
  const photo = gpInvoicePhoto();
  await page.goto('/home');
  await page.getByRole('region', { name: 'Que souhaitez-vous faire ?' }).getByRole('link', { name: 'Me faire rembourser' }).click();
  const dialog = page.getByRole('dialog', { name: 'Me faire rembourser' });
  const take = dialog.getByRole('button', { name: 'Prendre en photo ou importer une facture' });
  await expect(take).toBeVisible();
  await expectNoA11yViolations(page, { label: 'get-refund with the invoice reader, 360 px' });

  const chooser = page.waitForEvent('filechooser');
  await take.click();
  const picker = await chooser;
  expect(await picker.element().getAttribute('capture')).toBe('environment');
  expect(await picker.element().getAttribute('accept')).toBe('image/*,application/pdf');
  await picker.setFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: photo });

  const summary = dialog.getByRole('status').filter({ hasText: 'Facture lue, formulaire prérempli' });
  await expect(summary).toBeVisible({ timeout: 45_000 });
  await expect(summary).toBeFocused();
  await expect(summary).toContainText('Date des soins : 14 octobre 2026');
  await expect(summary).toContainText('Montant : 30,00 €');
  await expect(summary).toContainText('Dr Marie DURAND, RPPS 10101234567');
  await expect(summary).toContainText('Acte : Consultation médecin généraliste');

  await expect(dialog.getByLabel(/Date des soins/)).toHaveValue('2026-10-14');
  await expect(dialog.getByRole('textbox', { name: /Montant payé/ })).toHaveValue('30,00');
  await expect(dialog.getByRole('radio', { name: 'Consultation médecin généraliste' })).toBeChecked();
  await expect(dialog.getByRole('group', { name: /^Facture détaillée et acquittée/ }).getByRole('list', { name: /Fichiers ajoutés/ })).toContainText(
    'IMG_2041.jpg',
  );
  // Nothing is sent until the member confirms: no request yet, the send button waits.
  await expect(dialog.getByRole('button', { name: 'Envoyer ma demande' })).toBeEnabled();

  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await expectNoA11yViolations(page, { label: 'get-refund prefilled from the invoice, 360 px' });
  const shots = process.env.E2E_SCREENSHOTS;
  if (shots) {
    await summary.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'invoice-scan-360-summary.png') });
    await dialog.getByRole('textbox', { name: /Montant payé/ }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'invoice-scan-360-fields.png') });
    await page.setViewportSize({ width: 1280, height: 900 });
    await summary.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(shots, 'invoice-scan-1280.png') });
  }
});

test('a page that is no invoice is said so in French, the form left to fill by hand', async ({ page }) => {
  await page.goto('/home');
  await page.getByRole('region', { name: 'Que souhaitez-vous faire ?' }).getByRole('link', { name: 'Me faire rembourser' }).click();
  const dialog = page.getByRole('dialog', { name: 'Me faire rembourser' });
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: 'Prendre en photo ou importer une facture' }).click();
  await (await chooser).setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('Liste de courses : pain, lait.') });
  const refused = dialog.getByRole('alert').filter({ hasText: 'Facture non lue' });
  await expect(refused).toContainText('Ce fichier ne peut pas être lu. Prenez une photo de la facture ou importez-la en PDF, JPEG ou PNG.');
  await expect(refused).toBeFocused();
  await expect(dialog.getByLabel(/Date des soins/)).toHaveValue('');
});
