import { randomUUID } from 'node:crypto';
import { addDaysIso, parisIsoDate } from '@mutua/contracts/dates';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { DEMO_ACCOUNTS, expect, expectNoA11yViolations, isolatedServer, test } from '../fixtures';
import { staffSupport } from './staff-support';

// A refund in a minute: a member sends a GP invoice at 360 px, reads the refund and its explanation
// within 60 s; the day's transfer file holds it; a claim above the threshold lands in the agents'
// queue with the engine's proposal and the reason.
const instance = isolatedServer({ database: 'embedded', name: 'autopay' });
const { staffUrl, staffSignIn } = staffSupport(instance);
const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');

/** A GP's invoice as a PDF with its text (the server reads it again: date and amount must be the claim's). */
async function gpInvoice(careDate: string, amount: string): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const lines = [
    'Dr Claire MARTIN',
    'Médecin généraliste',
    'N° RPPS : 10101234567',
    `Date de la consultation : ${careDate.split('-').reverse().join('/')}`,
    `Consultation (G)    ${amount} €`,
    `Net à payer : ${amount} €`,
    `Facture n° ${randomUUID().slice(0, 8)}`,
  ];
  lines.forEach((text, i) => page.drawText(text, { x: 50, y: 780 - i * 24, size: 13, font }));
  return Buffer.from(await doc.save());
}

async function sendGpClaim(page: import('@playwright/test').Page, careDate: string, amount: string): Promise<string> {
  await page.goto(instance.tenantUrl('mutua', '/get-refund'));
  const form = page.getByRole('dialog', { name: 'Me faire rembourser' });
  await form.getByRole('radio', { name: 'Consultation médecin généraliste' }).check();
  await form.getByRole('combobox', { name: /Bénéficiaire des soins/ }).selectOption({ label: 'Camille Durand' });
  await form.getByLabel(/Date des soins/).fill(careDate);
  await form.getByRole('textbox', { name: /Montant payé/ }).fill(amount);
  await form.getByRole('textbox', { name: /Professionnel de santé/ }).fill('Dr Claire MARTIN');
  await form
    .getByRole('group', { name: /^Facture détaillée et acquittée/ })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'facture.pdf', mimeType: 'application/pdf', buffer: await gpInvoice(careDate, amount) });
  await form
    .getByRole('group', { name: /^Décompte de la Sécurité sociale/ })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'decompte.png', mimeType: 'image/png', buffer: TINY_PNG });
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/refund-requests') && r.request().method() === 'POST');
  await form.getByRole('button', { name: 'Envoyer ma demande' }).click();
  const response = await sent;
  expect(response.status()).toBe(201);
  await expect(form.getByTestId('request-sent')).toContainText('Demande envoyée');
  return ((await response.json()) as { data: { requestId: string } }).data.requestId;
}

test('a GP invoice sent at 360 px is refunded within a minute, explained, and paid by the day’s transfer file; a claim above the threshold goes to an agent with the proposal', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 360, height: 780 });
  await instance.signIn(page, DEMO_ACCOUNTS.camille);
  const careDate = addDaysIso(parisIsoDate(), -2);
  const started = Date.now();
  await sendGpClaim(page, careDate, '30,00');

  // Within 60 s: the refund in « Mes remboursements », its explanation in the detail.
  await page.goto(instance.tenantUrl('mutua', '/refunds'));
  const detailButton = page.getByRole('button', { name: new RegExp(`^Détail du remboursement du ${careDate.split('-').reverse().join('/')}`) });
  await expect(async () => {
    await page.reload();
    await expect(detailButton.first()).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 60_000 - (Date.now() - started), intervals: [1_000] });
  console.log(`sending → refund shown: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  await detailButton.first().click();
  const panel = page.getByRole('dialog', { name: 'Détail du remboursement' });
  await expect(panel).toContainText('Le détail du calcul');
  await expect(panel).toContainText('Validé — virement en préparation');
  await expect(panel.getByText(/Sécurité sociale/).first()).toBeVisible();
  await expectNoA11yViolations(page, { label: 'refund decided automatically, 360 px' });
  await page.screenshot({ path: test.info().outputPath('refund-automatic-360.png'), fullPage: true });

  // The day's transfer file holds it: a manager runs the batch from « Virements ».
  const manager = await staffSignIn(browser, 'manager@gestion.localhost');
  await manager.getByRole('link', { name: 'Virements' }).click();
  await manager.getByRole('button', { name: 'Créer le lot de virements maintenant' }).click();
  await expect(manager.getByRole('status')).toContainText('créé');
  const file = manager.getByTestId('payment-file').filter({ hasText: 'mutua' }).first();
  await file.getByRole('button', { name: 'Voir le détail' }).click();
  await expect(file.getByTestId('payment-file-lines')).toContainText('Camille');
  await expectNoA11yViolations(manager, { label: 'payment files' });
  await file.getByRole('button', { name: 'Marquer comme envoyé à la banque' }).click();
  await expect(manager.getByRole('status')).toContainText('marqué comme envoyé');
  await page.reload();
  await detailButton.first().click();
  await expect(panel).toContainText(/Virement émis le .* — arrivée estimée le /);

  // Above the threshold (150 €): to the agents' queue, with the engine's proposal and the reason.
  const highDate = addDaysIso(parisIsoDate(), -3);
  const caseId = await sendGpClaim(page, highDate, '180,00');
  const agent = await staffSignIn(browser, 'agent@gestion.localhost');
  await agent.goto(staffUrl(`/cases/${caseId}`));
  await expect(async () => {
    await agent.reload();
    await expect(agent.getByTestId('auto-decision')).toContainText('Montant au-dessus du seuil', { timeout: 2_000 });
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  await expect(agent.getByTestId('proposed-line')).toContainText(/Dépense\s*180,00\s€/);
  await expectNoA11yViolations(agent, { label: 'case not decided automatically' });
});
