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
