import { readFileSync } from 'node:fs';
import { expect, expectNoA11yViolations, test } from './member-session';

// The payment schedule (échéancier) of individually debited contributions: shown in « Mes contrats »
// (where the FAQ says it is) and in the contributions tab of « Mes documents », downloadable as a PDF.

test.describe('the payment schedule of Camille’s individual contract', () => {
  test('« Mes contrats » lists the coming debits and downloads the schedule as a PDF', async ({ page }) => {
    await page.goto('/contractual-info');
    const section = page.getByRole('region', { name: /^Échéancier de cotisations — / });
    await expect(section).toBeVisible();
    const debits = section.getByRole('table', { name: /^Prélèvements à venir/ });
    await expect(debits.getByRole('columnheader')).toHaveText(['Date', 'Cotisation de', 'Montant']);
    await expect(debits.getByRole('row').nth(1)).toContainText(
      /\d{2}\/\d{2}\/\d{4}.*(janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre) \d{4}.*\d+,\d{2}\s€/,
    );
    await expect(section).toContainText(/IBAN FR\d\d •••• •••• •••• \d{4}/);
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: /^Télécharger l’échéancier \(PDF\)/ }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Echeancier_cotisations_MUTUA-IND-2024.pdf');
    expect(
      readFileSync((await file.path())!)
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    await expectNoA11yViolations(page, { label: 'contractual-info payment schedule' });
  });

  test('« Mes documents », Cotisations: the same schedule beside the request to post it', async ({ page }) => {
    await page.goto('/documents/contribution');
    const section = page.getByRole('region', { name: /^Échéancier de cotisations — / });
    await expect(section.getByRole('table', { name: /^Prélèvements à venir/ })).toBeVisible();
    await expect(section.getByRole('heading', { level: 2 })).toBeVisible();
    const download = page.waitForEvent('download');
    await section.getByRole('button', { name: /^Télécharger l’échéancier \(PDF\)/ }).click();
    expect((await download).suggestedFilename()).toBe('Echeancier_cotisations_MUTUA-IND-2024.pdf');
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await expectNoA11yViolations(page, { label: 'documents payment schedule' });
  });
});
