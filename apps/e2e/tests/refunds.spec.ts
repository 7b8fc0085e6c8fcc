import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PAYMENT_TARGET_LABELS, PAYMENT_TARGETS, type TRefundDetail, type TRefundPage } from '@mutua/contracts/refunds';
import ExcelJS from 'exceljs';
import { apiFromPage, expect, expectNoA11yViolations, test } from './member-session';

// The refunds page of the demo member (a year of care for a family of
// four), read-only: filters, paging, the detail panel, the statement PDF and the Excel export.

const iso = (d: Date) => d.toISOString().slice(0, 10);
const fr = (isoDate: string) => isoDate.split('-').reverse().join('/');
const daysAgo = (n: number) => iso(new Date(Date.now() - n * 86_400_000));
const euros = (text: string) => Number(text.replace(/[\s\u202f\u00a0€]/g, '').replace(',', '.'));

/** Filters of the tests: children's care between 300 and 30 days ago. */
const START = daysAgo(300);
const END = daysAgo(30);

test.describe('refunds page', () => {
  test('filters by treatment dates and beneficiary: the table and the API agree', async ({ page }) => {
    await page.goto('/refunds');
    const table = page.getByTestId('refunds-table');
    await expect(table).toBeVisible();
    await expect(page.getByRole('table', { name: /^Remboursements 1 à 50 sur \d+$/ })).toBeVisible();

    await page.getByRole('textbox', { name: 'Début des soins' }).fill(fr(START));
    await page.getByRole('textbox', { name: 'Début des soins' }).press('Tab');
    await page.getByRole('textbox', { name: 'Fin des soins' }).fill(fr(END));
    await page.getByRole('textbox', { name: 'Fin des soins' }).press('Tab');
    const filtered = page.waitForResponse((r) => r.url().includes(`/api/refunds?startDate=${START}&endDate=${END}&beneficiaryTypes=child&limit=50`));
    await page.getByRole('checkbox', { name: /^Enfant/ }).check();
    expect((await filtered).status()).toBe(200);

    const expected = (await apiFromPage<{ data: TRefundPage }>(page, `/api/refunds?startDate=${START}&endDate=${END}&beneficiaryTypes=child&limit=200`)).data;
    expect(expected.total).toBeGreaterThan(0);
    await expect(page.getByTestId('refunds-range')).toContainText(`sur ${expected.total} remboursement`);
    const rows = table.locator('tbody tr');
    await expect(rows).toHaveCount(Math.min(50, expected.total));
    for (const row of await rows.all()) {
      const [careDate] = await row.getByRole('rowheader').allInnerTexts();
      const isoDate = careDate!.trim().split('/').reverse().join('-');
      expect(isoDate >= START && isoDate <= END, `${careDate} within the filter`).toBe(true);
      await expect(row.getByRole('cell').first()).toHaveText(/^(Léa|Noah) Durand$/);
    }
    await expectNoA11yViolations(page, { label: 'refunds filtered' });

    // Reset brings the whole list back.
    await page.getByRole('button', { name: 'Réinitialiser les filtres' }).click();
    await expect(page).toHaveURL(/\/refunds$/);
    await expect(page.getByTestId('refunds-range')).toContainText('1 à 50 sur 150 remboursements');
  });

  test('pages through the list with the cursor', async ({ page }) => {
    await page.goto('/refunds');
    await expect(page.getByTestId('refunds-range')).toContainText('1 à 50 sur 150');
    const firstRow = page.getByTestId('refunds-table').locator('tbody tr').first();
    const firstOfPage1 = await firstRow.getAttribute('data-refund-id');
    await page.getByRole('button', { name: 'Page suivante' }).click();
    await expect(page.getByTestId('refunds-range')).toContainText('51 à 100 sur 150');
    // The new page's table takes the focus.
    await expect(page.getByRole('region', { name: 'Tableau des remboursements' })).toBeFocused();
    await expect(firstRow).not.toHaveAttribute('data-refund-id', firstOfPage1!);
    await page.getByRole('button', { name: 'Page suivante' }).click();
    await expect(page.getByTestId('refunds-range')).toContainText('101 à 150 sur 150');
    await expect(page.getByRole('button', { name: 'Page suivante' })).toBeDisabled();
    await page.getByRole('button', { name: 'Page précédente' }).click();
    await page.getByRole('button', { name: 'Page précédente' }).click();
    await expect(page.getByTestId('refunds-range')).toContainText('1 à 50 sur 150');
    await expect(firstRow).toHaveAttribute('data-refund-id', firstOfPage1!);
  });

  test('exports the filtered list to a spreadsheet whose rows match', async ({ page }) => {
    await page.goto(`/refunds?startDate=${START}&endDate=${END}&beneficiaryTypes=child`);
    await expect(page.getByTestId('refunds-table')).toBeVisible();
    const expected = (await apiFromPage<{ data: TRefundPage }>(page, `/api/refunds?startDate=${START}&endDate=${END}&beneficiaryTypes=child&limit=200`)).data;

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporter en Excel' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Liste_remboursements_\d{4}-\d{2}-\d{2}\.xlsx$/);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(readFileSync(await file.path()) as unknown as ExcelJS.Buffer);
    const sheet = workbook.getWorksheet('Liste remboursements');
    expect(sheet).toBeDefined();
    expect(sheet!.rowCount).toBe(expected.total + 1);
    const header = (sheet!.getRow(1).values as unknown[]).slice(1);
    expect(header).toEqual(expect.arrayContaining(['Date des soins', 'Bénéficiaire', 'Remboursement mutuelle', 'Référence du décompte']));
    const col = (name: string) => header.indexOf(name) + 1;
    for (const [i, refund] of expected.items.entries()) {
      const row = sheet!.getRow(i + 2);
      const careDate = row.getCell(col('Date des soins'));
      expect(careDate.value).toBeInstanceOf(Date);
      expect(iso(careDate.value as Date)).toBe(refund.careDate);
      expect(careDate.numFmt).toBe('dd/mm/yyyy');
      const product = row.getCell(col('Remboursement mutuelle'));
      expect(typeof product.value).toBe('number');
      expect(Math.round((product.value as number) * 100)).toBe(refund.productCents);
      expect(product.numFmt).toContain('€');
      expect(row.getCell(col('Bénéficiaire')).value).toMatch(/^(Léa|Noah) Durand$/);
      expect(row.getCell(col('Référence du décompte')).value).toBe(refund.reference);
    }
  });

  test('the detail panel shows every amount and downloads the statement PDF', async ({ page }) => {
    await page.goto('/refunds');
    const firstRow = page.getByTestId('refunds-table').locator('tbody tr').first();
    const refundId = await firstRow.getAttribute('data-refund-id');
    await firstRow.getByRole('button', { name: /^Détail du remboursement du / }).click();
    const panel = page.getByRole('dialog', { name: 'Détail du remboursement' });
    await expect(panel.getByRole('button', { name: 'Télécharger le décompte' })).toBeVisible();
    const detail = (await apiFromPage<{ data: TRefundDetail }>(page, `/api/refunds/${refundId}`)).data;

    const value = (label: string, scope = panel) =>
      scope
        .locator('dt', { hasText: new RegExp(`^${label}$`) })
        .first()
        .locator('xpath=following-sibling::dd[1]');
    expect(euros(await value('Montant total des soins').innerText())).toBe(detail.totalCostCents / 100);
    expect(euros(await value('Sécurité sociale').innerText())).toBe(detail.socialSecurityCents / 100);
    expect(euros(await value('Mutua Santé').innerText())).toBe(detail.productCents / 100);
    expect(euros(await value('Reste à votre charge').innerText())).toBe(detail.remainingChargeCents / 100);
    if (detail.otherMutualCents > 0) expect(euros(await value('Remboursement première mutuelle').innerText())).toBe(detail.otherMutualCents / 100);
    // Each line as a décompte reads: expense, base, rate, the Sécurité sociale's and the mutuelle's parts, what is left.
    const lines = panel.getByTestId('refund-line');
    await expect(lines).toHaveCount(detail.acts.length);
    for (const [i, act] of detail.acts.entries()) {
      const line = lines.nth(i);
      expect(euros(await value('Dépense', line).innerText())).toBe(act.expenseCents / 100);
      expect(euros((await value('Remboursé par votre mutuelle', line).innerText()).split('·')[0]!)).toBe(act.amcCents / 100);
      expect(euros(await value('Reste à votre charge', line).innerText())).toBe(act.remainingCents / 100);
      await expect(value('Taux Sécurité sociale', line)).toHaveText(`${act.amoRate}\u00a0%`);
    }
    await expectNoA11yViolations(page, { label: 'refund detail panel' });

    const download = page.waitForEvent('download');
    await panel.getByRole('button', { name: 'Télécharger le décompte' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe(detail.statementFileName);
    expect(file.suggestedFilename()).toMatch(/^Decompte_\d{4}-\d{2}-\d{2}_[A-Za-z0-9-]+\.pdf$/);
    const text = execFileSync('pdftotext', ['-layout', await file.path(), '-'], { encoding: 'utf8' });
    expect(text).toContain('Mutua Santé');
    expect(text).toContain('Décompte de remboursement');
    expect(text).toContain(`Référence : ${detail.reference}`);
    expect(text).toContain('Camille Durand');
    expect(text).toContain('12345678');
    for (const act of detail.acts) expect(text).toContain(act.wording.slice(0, 20));
  });

  test('keyboard only: a filter with Space, a detail with Enter, back with Escape', async ({ page }) => {
    await page.goto('/refunds');
    await expect(page.getByTestId('refunds-range')).toContainText('sur 150');
    const partner = page.getByRole('checkbox', { name: /^Conjoint/ });
    await partner.focus();
    await page.keyboard.press('Space');
    await expect(partner).toBeChecked();
    await expect(partner).toBeFocused();
    await expect(page.getByTestId('refunds-range')).not.toContainText('sur 150');
    const detail = page
      .getByTestId('refunds-table')
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /^Détail du remboursement du / });
    await detail.focus();
    await page.keyboard.press('Enter');
    const panel = page.getByRole('dialog', { name: 'Détail du remboursement' });
    await expect(panel.getByRole('button', { name: 'Télécharger le décompte' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(detail).toBeFocused();
  });

  test('at 1 280 px every column and the detail action show without scrolling sideways; headings on two lines at most; a row opens its detail', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/refunds');
    const table = page.getByTestId('refunds-table');
    await expect(table).toBeVisible();
    await expectNoA11yViolations(page, { label: 'refunds page' });
    // Nothing to scroll sideways: neither the page nor the table's own region.
    const region = page.getByRole('region', { name: 'Tableau des remboursements' });
    expect(await region.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The payment-target columns are named by the contract's labels (the unit test spells them out).
    for (const name of ['Date des soins', 'Bénéficiaire', 'Acte', 'Montant des soins', ...PAYMENT_TARGETS.map((target) => PAYMENT_TARGET_LABELS[target])]) {
      const heading = table.getByRole('columnheader', { name, exact: true });
      const box = (await heading.boundingBox())!;
      expect(box.x >= 0 && box.x + box.width <= 1280, `« ${name} » within the screen's width`).toBe(true);
      // Two lines at most: the heading's text is no taller than two of its lines.
      const lines = await heading.evaluate((th) => {
        const text = (th.querySelector('[aria-hidden="true"]') ?? th) as HTMLElement;
        const range = document.createRange();
        range.selectNodeContents(text);
        return Math.round(range.getBoundingClientRect().height / parseFloat(getComputedStyle(th).lineHeight));
      });
      expect(lines, `« ${name} » on ${lines} lines`).toBeLessThanOrEqual(2);
    }
    const firstRow = table.locator('tbody tr').first();
    const action = (await firstRow.getByRole('button', { name: /^Détail du remboursement du / }).boundingBox())!;
    expect(action.x + action.width).toBeLessThanOrEqual(1280);

    // A click anywhere on the row opens its detail…
    await firstRow.getByRole('cell').nth(1).click();
    const panel = page.getByRole('dialog', { name: 'Détail du remboursement' });
    await expect(panel.getByRole('button', { name: 'Télécharger le décompte' })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    // …and Enter on its detail action, for the keyboard.
    const second = table
      .locator('tbody tr')
      .nth(1)
      .getByRole('button', { name: /^Détail du remboursement du / });
    await second.focus();
    await page.keyboard.press('Enter');
    await expect(panel.getByRole('button', { name: 'Télécharger le décompte' })).toBeVisible();
  });

  test('at 360 px: one card per refund with its amounts, and a detail that reads without scrolling sideways', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/refunds');
    const cards = page.getByTestId('refund-cards').getByRole('listitem');
    await expect(cards).toHaveCount(50);
    await expect(page.getByTestId('refunds-table')).toHaveCount(0);
    const first = cards.first();
    await expect(first.getByText('Montant des soins')).toBeVisible();
    await expect(first.locator('dd').first()).toHaveText(/\d,\d{2}\s€$/);
    await expect(first.locator('dd').nth(1)).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoA11yViolations(page, { label: 'refunds page 360 px' });

    await first.getByRole('button', { name: /^Détail du remboursement du / }).click();
    const panel = page.getByRole('dialog', { name: 'Détail du remboursement' });
    await expect(panel.getByRole('button', { name: 'Télécharger le décompte' })).toBeVisible();
    // Labels above values, each value starting under its label rather than squeezed beside it.
    // Both boxes read in one frame: the drawer may still be sliding in, and two separate reads would
    // measure it at two positions.
    const { label, value } = await panel.evaluate((el) => {
      const box = (node: Element | null) => {
        const r = node!.getBoundingClientRect();
        return { x: r.x, y: r.y, height: r.height };
      };
      return { label: box(el.querySelector('dt')), value: box(el.querySelector('dd')) };
    });
    expect(value.y).toBeGreaterThanOrEqual(label.y + label.height - 1);
    expect(Math.abs(value.x - label.x)).toBeLessThan(2);
    expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await expectNoA11yViolations(page, { label: 'refund detail 360 px' });
  });
});
