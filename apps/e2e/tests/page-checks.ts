import type { Locator, Page } from '@playwright/test';
import { expect, expectNoA11yViolations } from '../fixtures';
import { horizontalOverflow } from '../support/overflow';

const SHOTS = process.env.SCREENSHOT_DIR;

/**
 * axe with all its rules and nothing scrolling sideways, at 1,280 and 360 px, a screenshot of each when
 * SCREENSHOT_DIR is set; the page is left at 1,280 px as the journey found it.
 */
export async function checkWidths(page: Page, label: string): Promise<void> {
  for (const size of [
    { width: 1280, height: 900 },
    { width: 360, height: 780 },
  ]) {
    await page.setViewportSize(size);
    expect(await horizontalOverflow(page), `${label} at ${size.width} px scrolls sideways`).toEqual([]);
    await expectNoA11yViolations(page, { label: `${label} at ${size.width} px` });
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/${label.replace(/\W+/g, '-')}-${size.width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/**
 * One screen of a walk through every route, at 1,280 and 360 px: shown again at each width by `show`
 * (which waits for it to settle), nothing scrolls sideways and axe-core with all its rules finds
 * nothing. Soft, so that one walk reports every screen that fails. `where` names the screen as shown.
 */
export async function checkWalkedScreen(page: Page, show: () => Promise<void>, where: (width: number) => string): Promise<void> {
  for (const size of [
    { width: 1280, height: 800 },
    { width: 360, height: 780 },
  ]) {
    await page.setViewportSize(size);
    await show();
    const label = where(size.width);
    expect.soft(await horizontalOverflow(page), `${label} scrolls sideways`).toEqual([]);
    await expectNoA11yViolations(page, { label, soft: true });
  }
}

/** The sections the law asks of an accessibility statement, each a second-level heading of `statement`. */
export async function expectAccessibilityStatementSections(statement: Locator): Promise<void> {
  for (const heading of [
    'État de conformité',
    'Résultats des tests',
    'Contenus non accessibles',
    'Établissement de cette déclaration',
    'Retour d’information et contact',
    'Voies de recours',
  ]) {
    await expect(statement.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
}
