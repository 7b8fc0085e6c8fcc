/**
 * Helpers of dashboard.spec.ts, requests.spec.ts and refunds.spec.ts: a signed-in Camille (the main
 * demo member, mutua tenant) on the shared server.
 *
 * Each worker signs Camille in once, through the real screens, and its tests reuse the session's
 * cookies (storageState). The code is read from the mail the shared server sent (every mail links to
 * its origin: isolated instances of other specs mail the same address), and the sign-ins of these
 * specs' workers are serialised with a lock in the run's folder, since two code mails of one server
 * to one address could not be told apart.
 */
import { mkdirSync, rmdirSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';
import { expect, expectNoA11yViolations, extractCode, test as base } from '../fixtures';
import { MailReader } from '../support/mail-reader';
import { tenantUrlOf } from '../support/server-instance';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../support/sign-in';
import { e2eState } from '../support/state';
import { fetchFromPage } from './page-fetch';

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

/** The code of the first code mail to `to` sent by the server on `port` after the mark `after`. */
async function codeFromServer(mail: MailReader, port: number, to: string, after: number, timeoutMs = 15_000): Promise<string> {
  const origin = new RegExp(`//[a-z.]*localhost:${port}/`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = (await mail.list({ to, after })).find((m) => /code/i.test(m.subject) && (origin.test(m.html) || origin.test(m.text)));
    const code = found && extractCode(found);
    if (code) return code;
    if (Date.now() > deadline) throw new Error(`No code mail to ${to} from the server on port ${port} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export const test = base.extend<object, { camilleState: StorageState }>({
  camilleState: [
    async ({ browser }, use) => {
      const { server, mailApi } = e2eState();
      const context = await browser.newContext({ locale: 'fr-FR', timezoneId: 'Europe/Paris' });
      const page = await context.newPage();
      const account = DEMO_ACCOUNTS.camille;
      const mail = new MailReader(mailApi);
      await withLock('sign-in-camille', async () => {
        const after = await mail.mark();
        await page.goto(tenantUrlOf(server, account.tenant, '/login'));
        await page.getByRole('textbox', { name: 'Identifiant' }).fill(account.login);
        await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(DEMO_PASSWORD);
        await page.getByRole('button', { name: 'Se connecter' }).click();
        await page.getByRole('textbox', { name: /Code reçu par e-mail/ }).fill(await codeFromServer(mail, server.port, account.email, after));
        await page.getByRole('button', { name: 'Valider', exact: true }).click();
        await expect(page).toHaveURL(/\/home$/, { timeout: 15_000 });
      });
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
  const method = init.method ?? 'GET';
  const { status, body } = await fetchFromPage<T>(page, pathname, { method });
  if (status < 200 || status > 299) throw new Error(`${method} ${pathname}: HTTP ${status}`);
  return body;
}

/** A 1×1 PNG: a real image by its first bytes, as the server checks attachments. */
export const TINY_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
