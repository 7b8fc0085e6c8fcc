import { parisIsoDate } from '@mutua/contracts/dates';
import type { TEstimate } from '@mutua/contracts/guarantees-api';
import type { Page } from '@playwright/test';
import { DEMO_ACCOUNTS, expect, expectNoA11yViolations, isolatedServer, test } from '../fixtures';
import { staffSupport } from './staff-support';

// Every euro explained: Camille (Confort) has used 2 of her 3 osteopathy sessions this year (demo
// data). She reads what is left, estimates a third session, claims it; the back office accepts the
// engine's proposal, a manager approves; she reads the line explained and the allowance at zero.
// Publishing a refund uses an allowance: an instance of this file's own.
const instance = isolatedServer({ database: 'embedded', name: 'guarantees' });
const staff = staffSupport(instance);

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const YEAR = parisIsoDate().slice(0, 4);
/** Amounts as a member reads them, with the narrow no-break spaces Intl writes. */
const flat = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

/** Nothing wider than the screen; a failure names the elements that stick out. */
async function noSidewaysScroll(page: Page): Promise<void> {
  const wide = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map(
        (el) =>
          `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} → ${Math.round(el.getBoundingClientRect().right)}px: ${(el.textContent ?? '').slice(0, 60)}`,
      );
  });
  expect(wide).toEqual([]);
}

/** At 1 280 and 360 px: nothing scrolls sideways, axe finds nothing, and a screenshot to look at. */
async function shoot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await noSidewaysScroll(page);
    await expectNoA11yViolations(page, { label: `${name} at ${width}px` });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a member estimates a third osteopathy session, claims it; the engine’s proposal is accepted and approved; the member reads the line explained and no session left', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await instance.signIn(page, DEMO_ACCOUNTS.camille);
  await page.goto(instance.tenantUrl('mutua', '/home'));
  await page.getByRole('button', { name: 'Tout refuser' }).click();

  // « Mes garanties » from the account: one session of three left this year, the table and the examples.
  await page.goto(instance.tenantUrl('mutua', '/account'));
  await page.getByRole('link', { name: 'Voir mes garanties' }).click();
  await expect(page.getByRole('heading', { name: 'Mes garanties', level: 1 })).toBeVisible();
  const camille = page.getByRole('region', { name: 'Camille Durand' });
  await expect(camille).toContainText(`il vous reste 1 séance sur 3 en ${YEAR}`);
  for (const heading of ['Hospitalisation', 'Dentaire', 'Optique', 'Aides auditives', 'Soins courants'])
    await expect(page.getByRole('heading', { name: heading, level: 4 }).first()).toBeVisible();
  await expect(page.getByTestId('refund-examples').first()).toContainText(/\d+,\d{2}\s€/);
  await shoot(page, 'mes-garanties');

  // The estimate, from the new-request hub, by keyboard: the act found by « osteo », the price in French.
  await page.goto(instance.tenantUrl('mutua', '/new-request'));
  await page.getByRole('dialog', { name: 'Nouvelle demande' }).getByRole('link', { name: 'Estimer un remboursement' }).click();
  await expect(page.getByRole('heading', { name: 'Estimer un remboursement', level: 1 })).toBeVisible();
  const form = page.getByRole('form', { name: 'Estimer un remboursement' });
  await form.getByRole('combobox', { name: /Bénéficiaire des soins/ }).selectOption({ label: 'Camille Durand' });
  await form.getByRole('searchbox', { name: 'Rechercher un soin' }).focus();
  await page.keyboard.type('osteo');
  const osteo = form.getByRole('radio', { name: /ostéopathie/i });
  await expect(osteo).toBeVisible();
  await page.keyboard.press('Tab');
  await expect(osteo).toBeFocused();
  await page.keyboard.press('Space');
  await expect(osteo).toBeChecked();
  await form.getByRole('textbox', { name: /^Prix/ }).fill('60,00');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/guarantees/estimate') && r.request().method() === 'POST');
  await form.getByRole('textbox', { name: /^Prix/ }).press('Enter');
  const estimate = ((await (await answered).json()) as { data: TEstimate }).data;
  const result = page.getByTestId('estimate-result');
  await expect(result.getByText('Estimation', { exact: true })).toBeVisible();
  await expect(result.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(result.getByTestId('estimate-allowance')).toContainText(`il vous reste 1 séance sur 3 en ${YEAR}`);
  expect(flat(await result.innerText())).toContain(
    flat(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(estimate.lines[0]!.amcCents / 100)),
  );
  expect(estimate.lines[0]!.allowance).toMatchObject({ remainingAfter: 0, max: 3 });
  expect(estimate.lines[0]!.amcCents).toBeGreaterThan(0);
  await shoot(page, 'estimate');

  // The estimate stored nothing: still one session left.
  const allowance = async () =>
    (
      (await (await page.request.get(instance.tenantUrl('mutua', '/api/guarantees/allowances?familyPosition=1'))).json()) as {
        data: { allowances: { guaranteeCode: string; remaining: number; unit: string }[] };
      }
    ).data.allowances.find((a) => a.guaranteeCode === estimate.lines[0]!.allowance!.guaranteeCode && a.unit === 'ACTS')!;
  expect((await allowance()).remaining).toBe(1);

  // The member claims the session: Ostéopathie, 60,00 €, today.
  await page.goto(instance.tenantUrl('mutua', '/get-refund'));
  const claim = page.getByRole('dialog', { name: 'Me faire rembourser' });
  await claim.getByRole('searchbox', { name: 'Rechercher un autre acte' }).fill('ostéo');
  await claim.getByRole('radio', { name: 'Ostéopathie' }).check();
  await claim.getByRole('combobox', { name: /Bénéficiaire des soins/ }).selectOption({ label: 'Camille Durand' });
  await claim.getByLabel(/Date des soins/).fill(parisIsoDate());
  await claim.getByRole('textbox', { name: /Montant payé/ }).fill('60,00');
  await claim
    .getByRole('group', { name: /^Facture détaillée et acquittée/ })
    .locator('input[type="file"]')
    .setInputFiles({ name: 'facture.pdf', mimeType: 'application/pdf', buffer: PDF });
  const statementInput = claim.getByRole('group', { name: /^Décompte de la Sécurité sociale/ }).locator('input[type="file"]');
  if (await statementInput.count()) await statementInput.setInputFiles({ name: 'decompte.png', mimeType: 'image/png', buffer: PNG });
  const sent = page.waitForResponse((r) => r.url().endsWith('/api/refund-requests') && r.request().method() === 'POST');
  await claim.getByRole('button', { name: 'Envoyer ma demande' }).click();
  const caseId = ((await (await sent).json()) as { data: { requestId: string } }).data.requestId;

  // The agent accepts it: the proposal is the engine's, amounts not typed.
  const agent = await staff.staffSignIn(browser, 'agent@gestion.localhost');
  await agent.goto(staff.staffUrl(`/cases/${caseId}`));
  const proposed = agent.getByTestId('proposed-line');
  await expect(proposed).toHaveCount(1);
  await expect(proposed).toContainText(/ostéopathie/i);
  await expect(agent.getByRole('textbox', { name: /Montant remboursé/ })).toHaveCount(0);
  const euros = (cents: number) => flat(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(cents / 100));
  expect(flat(await proposed.innerText())).toContain(`Mutuelle (calcul du moteur)\n${euros(estimate.lines[0]!.amcCents)}`);
  expect(flat(await agent.getByTestId('proposal-total').innerText())).toContain(`Remboursement de la mutuelle : ${euros(estimate.lines[0]!.amcCents)}`);
  await expectNoA11yViolations(agent, { label: 'case with the engine’s proposal' });
  // A correction without a reason is refused before anything is sent.
  await proposed.getByRole('checkbox', { name: 'Corriger le montant de la mutuelle' }).check();
  await proposed.getByRole('textbox', { name: /Montant corrigé/ }).fill('25,00');
  await agent.getByRole('button', { name: 'Accepter et proposer le remboursement' }).click();
  await expect(proposed.getByText(/Indiquez le motif de la correction/)).toBeVisible();
  await expect(agent.getByTestId('refund-pending')).toHaveCount(0);
  await proposed.getByRole('checkbox', { name: 'Corriger le montant de la mutuelle' }).uncheck();
  await agent.screenshot({ path: test.info().outputPath('bo-proposal-1280.png'), fullPage: true });
  await agent.getByRole('button', { name: 'Accepter et proposer le remboursement' }).click();
  await expect(agent.getByTestId('refund-pending')).toContainText(euros(estimate.lines[0]!.amcCents));

  // A manager approves it, reading the engine's figure of each line.
  const manager = await staff.staffSignIn(browser, 'manager@gestion.localhost');
  await manager.getByRole('link', { name: 'Validations' }).click();
  const item = manager.getByRole('article', {
    name: new RegExp(`Remboursement de ${euros(estimate.lines[0]!.amcCents).replace(/\s/g, '\\s')} à Camille Durand`),
  });
  await expect(item.getByTestId('approval-lines')).toContainText(`mutuelle ${euros(estimate.lines[0]!.amcCents)} selon le moteur · sans correction`);
  await expectNoA11yViolations(manager, { label: 'approvals with the engine’s lines' });
  await manager.screenshot({ path: test.info().outputPath('bo-approvals-1280.png'), fullPage: true });
  const approved = manager.waitForResponse((r) => /\/api\/bo\/approvals\/[0-9a-f-]+$/.test(r.url()) && r.request().method() === 'POST');
  await item.getByRole('button', { name: 'Valider le remboursement' }).click();
  const refundId = ((await (await approved).json()) as { data: { refundId: string } }).data.refundId;

  // The member reads the line explained, and no session left.
  await page.goto(instance.tenantUrl('mutua', `/refunds?refund=${refundId}`));
  const panel = page.getByRole('dialog', { name: 'Détail du remboursement' });
  const line = panel.getByTestId('refund-line');
  await expect(line).toHaveCount(1);
  // One line: its sentence heads the panel, above the three figures.
  await expect(panel).toContainText(estimate.lines[0]!.explanation);
  await expect(line).toContainText(`Remboursé par votre mutuelle${euros(estimate.lines[0]!.amcCents)}`);
  await shoot(page, 'refund-detail', { fullPage: false });
  expect((await allowance()).remaining).toBe(0);
  await page.goto(instance.tenantUrl('mutua', '/guarantees'));
  await expect(page.getByRole('region', { name: 'Camille Durand' })).toContainText(`il vous reste 0 séance sur 3 en ${YEAR}`);
});

test('a quote’s lines estimated against the member’s own guarantees, beside the 100 % Santé findings', async ({ page }) => {
  test.setTimeout(120_000);
  await instance.signIn(page, DEMO_ACCOUNTS.camille);
  await page.goto(instance.tenantUrl('mutua', '/home/quotation'));
  const dialog = page.getByRole('dialog', { name: 'Envoyer un devis' });
  await dialog.getByRole('radio', { name: 'Optique' }).check();
  await dialog.getByRole('combobox', { name: /Bénéficiaire des soins/ }).selectOption({ label: 'Camille Durand' });
  // A class B frame at 150 € and class B simple lenses at 300 €.
  await dialog.getByRole('combobox', { name: 'Classe' }).first().selectOption('B');
  await dialog.getByRole('textbox', { name: 'Prix (€)' }).first().fill('150,00');
  await dialog.getByRole('button', { name: 'Ajouter une ligne' }).click();
  await dialog.getByRole('combobox', { name: 'Ligne 2 : élément' }).selectOption('lenses');
  await dialog.getByRole('combobox', { name: 'Classe' }).nth(1).selectOption('B');
  await dialog.getByRole('textbox', { name: 'Prix (€)' }).nth(1).fill('300,00');
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/guarantees/estimate') && r.request().method() === 'POST');
  await dialog.getByRole('button', { name: 'Vérifier mon devis' }).click();
  const estimate = ((await (await answered).json()) as { data: TEstimate }).data;
  expect(estimate.lines.map((l) => [l.actCode, l.expenseCents])).toEqual([
    ['OPT_B_MONTURE', 15000],
    ['OPT_B_VERRE', 30000],
  ]);
  await expect(dialog.getByTestId('quote-findings')).toBeVisible();
  const block = dialog.getByTestId('quote-estimate');
  await expect(block.getByText('Estimation', { exact: true })).toBeVisible();
  for (const [i, line] of estimate.lines.entries()) {
    await expect(block.getByRole('listitem').nth(i)).toContainText(`Ligne ${i + 1} : ${line.label}`);
    await expect(block.getByRole('listitem').nth(i)).toContainText(line.explanation);
  }
  expect(flat(await block.innerText())).toContain(
    flat(new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' }).format(estimate.totals.remainingCents / 100)),
  );
  await block.scrollIntoViewIfNeeded();
  await shoot(page, 'quote-estimate', { fullPage: false });
});
