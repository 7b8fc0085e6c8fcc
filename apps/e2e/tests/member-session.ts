/**
 * Helpers of dashboard.spec.ts, requests.spec.ts and refunds.spec.ts: a signed-in Camille (the main
 * demo member, mutua tenant) on the shared server.
 *
 * Each worker signs Camille in once, through the real screens (support/sign-in.ts), and its tests
 * reuse the session's cookies (storageState). Sign-ins of the workers are serialised with a lock in
 * the run's folder: the code mails of two concurrent sign-ins of one address could not be told apart.
 */
import { mkdirSync, rmdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, test as base } from '../fixtures';
import { MailReader } from '../support/mail-reader';
import { tenantUrlOf } from '../support/server-instance';
import { DEMO_ACCOUNTS, signIn } from '../support/sign-in';
import { e2eState } from '../support/state';

export { expect, expectNoA11yViolations };

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

async function withLock<T>(name: string, run: () => Promise<T>, timeoutMs = 90_000): Promise<T> {
  const dir = path.join(e2eState().runDir, `${name}.lock`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(dir);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`${name}: lock not released within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  try {
    return await run();
  } finally {
    rmdirSync(dir);
  }
}

export const test = base.extend<object, { camilleState: StorageState }>({
  camilleState: [
    async ({ browser }, use) => {
      const { server, mailApi } = e2eState();
      const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
      const page = await context.newPage();
      await withLock('sign-in-camille', () =>
        signIn(page, { url: (tenant, pathname) => tenantUrlOf(server, tenant, pathname), mail: new MailReader(mailApi), account: DEMO_ACCOUNTS.camille }),
      );
      await expect(page).toHaveURL(/\/home$/);
      const state = await context.storageState();
      await context.close();
      await use(state);
    },
    { scope: 'worker' },
  ],
  storageState: async ({ camilleState }, use) => use(camilleState),
});

/** A call to the API with the page's session (cookies and anti-forgery header), answering the JSON body. */
export async function apiFromPage<T>(page: Page, pathname: string, init: { method?: string } = {}): Promise<T> {
  return page.evaluate(
    async ({ pathname, method }) => {
      const xsrf = decodeURIComponent(document.cookie.split('; ').find((c) => c.startsWith('XSRF-TOKEN='))?.split('=')[1] ?? '');
      const response = await fetch(pathname, { method, headers: { 'x-xsrf-token': xsrf, accept: 'application/json' } });
      if (!response.ok) throw new Error(`${method} ${pathname}: HTTP ${response.status}`);
      return (await response.json()) as unknown;
    },
    { pathname, method: init.method ?? 'GET' },
  ) as Promise<T>;
}

/** A 1×1 PNG: a real image by its first bytes, as the server checks attachments. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
