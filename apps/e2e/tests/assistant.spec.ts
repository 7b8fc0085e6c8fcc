import type { Page, TestInfo } from '@playwright/test';
import { horizontalOverflow } from '../support/overflow';
import { expect, expectNoA11yViolations, test } from './member-session';

// The 24/7 assistant, by keyboard only: signed out from the FAQ, signed in from the new-request hub;
// its log, its live region, its answers citing their source; axe-clean and no sideways scroll at 1,280 and 360 px.

async function askByKeyboard(page: Page, question: string) {
  const field = page.getByRole('textbox', { name: 'Votre question' });
  await expect(field).toBeFocused();
  await page.keyboard.type(question);
  await page.keyboard.press('Enter');
}

async function checkWidths(page: Page, testInfo: TestInfo, label: string) {
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await horizontalOverflow(page), `${label} at ${width} px scrolls sideways`).toEqual([]);
    await expectNoA11yViolations(page, { label: `${label} at ${width} px` });
    await page.screenshot({ path: testInfo.outputPath(`${label.replace(/\W+/g, '-')}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test.describe('signed out', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('a visitor opens the assistant from the FAQ and reads how to get the tiers-payant card, citing the FAQ', async ({ page }, testInfo) => {
    await page.goto('/faq');
    await page.getByRole('link', { name: 'assistant 24h/24, 7j/7' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/help\/assistant$/);
    const log = page.getByRole('log', { name: 'Conversation avec l’assistant' });
    await expect(log).toHaveAttribute('aria-live', 'polite');

    await askByKeyboard(page, 'Comment obtenir la carte de tiers payant ?');
    const heading = log.getByRole('heading', { level: 2, name: /^Réponse à/ });
    await expect(heading).toBeFocused();
    await expect(log.getByRole('link', { name: /^Source\s: FAQ — .*carte de tiers payant/ }).first()).toBeVisible();
    await expect(log.getByRole('link', { name: 'Ouvrir ma carte de tiers payant' }).first()).toBeVisible();
    await checkWidths(page, testInfo, 'assistant signed out');
  });
});

test('Camille opens the assistant from the new-request hub, reads the amount and date of her last refund, then asks for a person', async ({
  page,
}, testInfo) => {
  await page.goto('/new-request');
  const hub = page.getByRole('dialog', { name: 'Nouvelle demande' });
  await hub.getByRole('link', { name: 'Chatbot 24h/24, 7j/7' }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/help\/assistant$/);

  await askByKeyboard(page, 'Où en est mon dernier remboursement ?');
  const log = page.getByRole('log', { name: 'Conversation avec l’assistant' });
  await expect(log.getByRole('heading', { level: 2, name: /^Réponse à/ })).toBeFocused();
  const mine = log.getByRole('region', { name: 'Mes derniers remboursements' });
  await expect(
    mine.getByText(/soin du \d{1,2}(er)? [a-zéû]+ \d{4}\u00a0: [\d\u202f]+,\d{2}\u00a0€ remboursés par .+, versés .*le \d{1,2}(er)? [a-zéû]+ \d{4}\./).first(),
  ).toBeVisible();
  await expect(mine.getByText('Source\u00a0: vos données — Mes derniers remboursements')).toBeVisible();
  await checkWidths(page, testInfo, 'assistant signed in');

  // A person, one step away, the conversation going along.
  await page.getByRole('link', { name: 'Parler à un conseiller' }).last().focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/conseiller$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});
