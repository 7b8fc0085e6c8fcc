import type { Page } from '@playwright/test';
import { expect, test } from './member-session';

// Home comes painted by the server (apps/server/src/http/app-page.ts, the SPA's
// own render, apps/web/src/entry-server.tsx) and the browser takes the markup over in place — it does
// not draw the page a second time, and nothing differs between the two renders.

/**
 * Opens /home as painted by the server. A busy instance sends it unpainted (the browser renders it:
 * http/app-page.ts sheds painting while its event loop queues work), so a few tries may be needed
 * while other tests load the shared server.
 */
async function openPainted(page: Page, beforeEachTry: () => void = () => {}): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    beforeEachTry();
    const response = await page.goto('/home');
    if ((await response!.text()).includes('<div id="root" data-rendered="server">')) return;
    if (attempt === 20) throw new Error('/home was never sent painted');
    await page.waitForTimeout(500);
  }
}

test.describe('home painted by the server', () => {
  test('is in the first response: a member without JavaScript still sees her home', async ({ page, browser }) => {
    await page.goto('/home');
    await expect(page.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeVisible();

    const noScript = await browser.newContext({
      storageState: await page.context().storageState(),
      javaScriptEnabled: false,
      baseURL: new URL(page.url()).origin,
    });
    const bare = await noScript.newPage();
    await openPainted(bare);
    await expect(bare.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeVisible();
    await expect(bare.getByRole('region', { name: 'Mon contrat' })).toBeVisible();
    await expect(bare.getByRole('region', { name: 'Mes derniers remboursements' }).getByRole('listitem').first()).toBeVisible();
    // Styled as the live page is (its screens' style sheets after the base ones): no label cut off.
    const cut = await bare.evaluate(() =>
      [...document.querySelectorAll('.mantine-Button-label')].filter((label) => label.scrollWidth > label.clientWidth + 1).map((label) => label.textContent),
    );
    expect(cut).toEqual([]);
    await noScript.close();
  });

  test('is taken over in place, without a hydration error, and then works as the SPA', async ({ page }) => {
    const errors: string[] = [];
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The heading the server sent, kept before any of the SPA's scripts runs (they load after the first paint).
    await page.addInitScript(() => {
      document.addEventListener('DOMContentLoaded', () => {
        (globalThis as { paintedHeading?: Element | null }).paintedHeading = document.querySelector('h1');
      });
    });
    // Only the painted try counts: an unpainted one renders home in the browser, read blocks included.
    await openPainted(page, () => {
      requested.length = 0;
      errors.length = 0;
    });
    await page.waitForLoadState('networkidle');
    await expect(page.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeVisible();
    expect(await page.evaluate(() => document.querySelector('h1') === (globalThis as { paintedHeading?: Element | null }).paintedHeading)).toBe(true);
    expect(await page.title()).toBe('Mutua Santé - Accueil');

    // The blocks that are only read kept the server's markup: their code was never asked for, and
    // their links lead within the app, without loading a new document; back home, they render live.
    expect(requested.filter((url) => /\/read-blocks-[\w-]+\.js$/.test(url))).toEqual([]);
    await page.evaluate(() => ((globalThis as { sameDocument?: boolean }).sameDocument = true));
    await page.getByRole('region', { name: 'Mes derniers remboursements' }).getByRole('link', { name: 'Tous mes remboursements' }).click();
    await expect(page).toHaveURL(/\/refunds$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mes remboursements' })).toBeVisible();
    expect(await page.evaluate(() => (globalThis as { sameDocument?: boolean }).sameDocument)).toBe(true);
    await page.goBack();
    await expect(page.getByRole('region', { name: 'Mes derniers remboursements' })).toBeVisible();

    // Live: the navigation, a dialog over home, the way back.
    await page.getByRole('navigation', { name: 'Navigation principale' }).getByRole('link', { name: 'Mes remboursements' }).click();
    await expect(page).toHaveURL(/\/refunds$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Mes remboursements' })).toBeVisible();
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1, name: 'Bonjour Camille' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
