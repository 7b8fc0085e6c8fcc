import type { Page } from '@playwright/test';
import { expect, isolatedServer, test } from '../fixtures';
import { checkWalkedScreen } from './page-checks';
import { staffSupport } from './staff-support';

// Every screen of the back office, on a computer (1,280 px) and on a phone (360 px): nothing scrolls
// sideways, and axe-core with all its rules finds nothing. The pages are those the header's navigation
// leads to (a page added to it is walked with no change here), a case, each administration tab and
// the dialogs they open.
const instance = isolatedServer({ database: 'embedded', name: 'bo-walk' });
const { staffUrl, staffSignIn } = staffSupport(instance);

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.mantine-Loader-root:visible')).toHaveCount(0);
}

/** The screen at both widths, shown again by `show` at each. */
async function checkBoth(page: Page, label: string, show: () => Promise<void>): Promise<void> {
  const showSettled = async () => {
    await show();
    await settled(page);
  };
  await checkWalkedScreen(page, showSettled, (width) => `${label} at ${width} px`);
}

/** The header's navigation links (href → name). */
async function navLinks(page: Page): Promise<Map<string, string>> {
  const links = page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link');
  await expect(links.first()).toBeVisible();
  const found = new Map<string, string>();
  for (const link of await links.all()) found.set((await link.getAttribute('href'))!, (await link.textContent())!.trim());
  return found;
}

test('the sign-in page', async ({ page }) => {
  await checkBoth(page, 'sign-in', async () => {
    await page.goto(staffUrl('/login'));
    await expect(page.getByRole('textbox', { name: 'Adresse e-mail' })).toBeVisible();
  });
});

for (const role of ['manager', 'admin'] as const) {
  test(`every page of the ${role}'s navigation, a case`, async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await staffSignIn(browser, `${role}@gestion.localhost`);
    const links = await navLinks(page);
    expect(links.size).toBeGreaterThanOrEqual(2);
    for (const [href, name] of links) {
      await checkBoth(page, `${name} (${href})`, async () => {
        await page.goto(staffUrl(href));
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      });
    }
    // The queue's table: every case, not only this staff member's (none at first).
    const showAll = async () => {
      await page.goto(staffUrl('/'));
      await page.getByText('Toutes', { exact: true }).click();
      await expect(page.getByRole('main').getByRole('table').first()).toBeVisible();
    };
    await checkBoth(page, 'queue, every case', showAll);
    const firstCase = page.getByRole('main').getByRole('table').first().getByRole('link').first();
    const caseHref = (await firstCase.getAttribute('href'))!;
    expect(caseHref).toMatch(/^\/cases\//);
    await checkBoth(page, `case ${caseHref}`, async () => {
      await page.goto(staffUrl(caseHref));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    });
    await page.context().close();
  });
}

test('the administration tabs and their dialogs', async ({ browser }) => {
  test.setTimeout(180_000);
  const page = await staffSignIn(browser, 'admin@gestion.localhost');
  const open = async (tab: string) => {
    await page.goto(staffUrl('/admin'));
    await page.getByRole('tab', { name: tab }).click();
    await settled(page);
  };
  for (const tab of ['Réglages', 'FAQ', 'Pages légales', 'Comptes du personnel']) {
    await checkBoth(page, `administration, tab ${tab}`, () => open(tab));
  }
  await checkBoth(page, 'FAQ: new category dialog', async () => {
    await open('FAQ');
    await page.getByRole('button', { name: 'Ajouter une catégorie' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
  await checkBoth(page, 'staff: role dialog', async () => {
    await open('Comptes du personnel');
    await page
      .getByRole('button', { name: /^Modifier le rôle et les mutuelles de / })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
  });
  await page.context().close();
});
