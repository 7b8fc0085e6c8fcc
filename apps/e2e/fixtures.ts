/**
 * The fixtures every spec imports instead of @playwright/test:
 *
 *   import { test, expect, expectNoA11yViolations } from '../fixtures';
 *
 *   test('…', async ({ page, tenantUrl, mail, operator }) => {
 *     await page.goto(tenantUrl('azur', '/login'));
 *     await expectNoA11yViolations(page);
 *     const code = await mail.waitForCode({ to: 'jeanne@example.fr' });
 *     await operator.maintenance('mutua', true, 'Mise à jour');
 *   });
 */
import { cpSync } from 'node:fs';
import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { expectNoA11yViolations, scannedUrls } from './support/a11y';
import { MailReader } from './support/mail-reader';
import { Operator } from './support/operator';
import { freePort } from './support/ports';
import { provisionDatabase, viaHostPort, type ProvisionedDatabase } from './support/postgres';
import { startServer, tenantUrlOf, type ServerInfo, type ServerInstance, type TenantKey } from './support/server-instance';
import { SHARED_MAIL_SOURCE, e2eState, withSmtpUser } from './support/state';
import { signIn, type DemoAccount } from './support/sign-in';
import { TcpProxy } from './support/tcp-proxy';
import { tenantRequest, type TenantResponse } from './support/tenant-request';

export { expect, expectNoA11yViolations };
export type { TenantKey, ServerInstance };
export { extractCode, type ReceivedMail } from './support/mail-reader';
export { TcpProxy } from './support/tcp-proxy';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, signIn, type DemoAccount } from './support/sign-in';
export { SHARED_MAIL_SOURCE } from './support/state';
export { tenantRequest, type TenantResponse } from './support/tenant-request';

type TestFixtures = {
  /** `tenantUrl('azur', '/login')` → http://azur.localhost:<port>/login on the shared server; 'unknown' is a host of no tenant. */
  tenantUrl: (tenant: TenantKey, pathname?: string) => string;
  /** Mails the SMTP receiver got since this test started (waitFor, waitForCode, list, latest, mark). */
  mail: MailReader;
  /** `npm run tenant -- …` against the shared server (maintenance, feature, list, run). */
  operator: Operator;
  /** `tenantApi('azur', '/api/init')`: an HTTP call from Node with the tenant's Host header (no browser cookies). */
  tenantApi: (tenant: TenantKey, pathname: string, init?: Parameters<typeof tenantRequest>[3]) => Promise<TenantResponse>;
  /** `await signIn(DEMO_ACCOUNTS.camille)`: signs in through the real screens with the code from the mail. */
  signIn: (account: DemoAccount) => Promise<void>;
  /** Internal: scans the page a test ends on when the test did not. */
  a11yOnLastPage: void;
};

type WorkerFixtures = {
  /** The shared server global setup started (port, data dir, env). */
  server: ServerInfo;
};

export const test = base.extend<TestFixtures, WorkerFixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright fixtures take their dependencies as a destructured first argument
  server: [async ({}, use) => use(e2eState().server), { scope: 'worker' }],
  baseURL: async ({ server }, use) => use(tenantUrlOf(server, 'mutua', '/').replace(/\/$/, '')),
  tenantUrl: async ({ server }, use) => use((tenant, pathname = '/') => tenantUrlOf(server, tenant, pathname)),
  // eslint-disable-next-line no-empty-pattern -- see above
  mail: async ({}, use) => {
    const api = e2eState().mailApi;
    const since = await new MailReader(api).mark();
    await use(new MailReader(api, since));
  },
  operator: async ({ server }, use) => use(new Operator(server)),
  tenantApi: async ({ server }, use) => use((tenant, pathname, init) => tenantRequest(server, tenant, pathname, init)),
  signIn: async ({ page, server }, use) => {
    // Codes from the shared server only: an isolated instance may mail the same demo address meanwhile.
    const mail = new MailReader(e2eState().mailApi, 0, SHARED_MAIL_SOURCE);
    await use((account) => signIn(page, { url: (tenant, pathname) => tenantUrlOf(server, tenant, pathname), mail, account }));
  },
  a11yOnLastPage: [
    async ({ page }, use, testInfo) => {
      await use();
      const url = page.url();
      if (testInfo.status !== testInfo.expectedStatus || page.isClosed() || url === 'about:blank') return;
      if (scannedUrls.get(page)?.has(url)) return;
      // A test may end right after a navigation, on the loading screen: scan the page once it shows its
      // title heading (every page has one); a page that never does is scanned anyway and fails for it.
      await page
        .getByRole('heading', { level: 1 })
        .first()
        .waitFor({ timeout: 15_000 })
        .catch(() => undefined);
      await expectNoA11yViolations(page, { label: 'page the test ended on' });
    },
    { auto: true },
  ],
});

/**
 * A server instance of the test's own (beside the shared one), for tests that change global state:
 * maintenance, a database that goes away. With `database: 'server'` it runs on PostgreSQL
 * (E2E_DATABASE_URL, or an embedded PGlite over TCP) reached through a TcpProxy the test can cut.
 * Call stop() in afterAll.
 */
export async function startIsolatedServer(opts: {
  database: 'embedded' | 'server';
  name: string;
  /** Settings of this instance only (e.g. SMS_URL to a receiver the spec started), read when it starts. */
  env?: () => Record<string, string>;
}): Promise<{
  server: ServerInstance;
  operator: Operator;
  /** Only the mails this instance sent (told apart by its SMTP user), since it started. */
  mail: MailReader;
  /** Signs in on this instance through the real screens, with the code from its mail. */
  signIn: (page: Page, account: DemoAccount) => Promise<void>;
  tenantUrl: (tenant: TenantKey, pathname?: string) => string;
  tenantApi: (tenant: TenantKey, pathname: string, init?: Parameters<typeof tenantRequest>[3]) => Promise<TenantResponse>;
  proxy: TcpProxy | null;
  database: ProvisionedDatabase | null;
  stop(): Promise<void>;
}> {
  const state = e2eState();
  const slot = 18384 + 4 * base.info().parallelIndex;
  let database: ProvisionedDatabase | null = null;
  let proxy: TcpProxy | null = null;
  if (opts.database === 'server') {
    database = await provisionDatabase(slot + 1);
    proxy = await new TcpProxy({ host: database.host, port: database.port }).listen(await freePort(slot + 2));
  }
  const port = await freePort(slot);
  // Never reused, not even by the worker that replaces a failed one: each instance starts clean.
  const dataDir = path.join(state.runDir, `${opts.name}-${port}-${Date.now().toString(36)}`);
  // The instance authenticates to the shared SMTP receiver as `<name>-<port>`: its mails carry that source.
  const source = `${opts.name}-${port}`;
  const mail = new MailReader(state.mailApi, await new MailReader(state.mailApi).mark(), source);
  // Embedded database: a copy of the run's migrated, seeded template instead of seconds of initdb.
  if (!database) {
    cpSync(state.templatePgdata, path.join(dataDir, 'pgdata'), { recursive: true });
    // With the master key that wraps the template's data keys (encryption at rest).
    cpSync(path.join(path.dirname(state.templatePgdata), 'master-keys'), path.join(dataDir, 'master-keys'));
  }
  let server: ServerInstance;
  try {
    server = await startServer({
      port,
      dataDir,
      smtpUrl: withSmtpUser(state.smtpUrl, source),
      env: { WEB_DIST: state.webDist, ...opts.env?.() },
      databaseUrl: database && proxy ? viaHostPort(database.url, '127.0.0.1', proxy.port) : undefined,
    });
  } catch (error) {
    await proxy?.close();
    await database?.drop();
    throw error;
  }
  return {
    server,
    operator: new Operator(server),
    mail,
    signIn: (page, account) => signIn(page, { url: (tenant, pathname) => tenantUrlOf(server, tenant, pathname), mail, account }),
    tenantUrl: (tenant, pathname = '/') => tenantUrlOf(server, tenant, pathname),
    tenantApi: (tenant, pathname, init) => tenantRequest(server, tenant, pathname, init),
    proxy,
    database,
    stop: async () => {
      await server.stop();
      await proxy?.close();
      await database?.drop();
    },
  };
}

export type IsolatedServer = Awaited<ReturnType<typeof startIsolatedServer>>;

/**
 * A server instance of this spec file's own, started before its tests and stopped after them: call at
 * the top of the file, use the answer in the tests (`instance.tenantUrl(…)`). `prepare` runs once the
 * instance is up (e.g. a tenant setting the file needs).
 */
export function isolatedServer(opts: Parameters<typeof startIsolatedServer>[0] & { prepare?: (instance: IsolatedServer) => Promise<void> }): IsolatedServer {
  let started: IsolatedServer | undefined;
  base.beforeAll(async () => {
    base.setTimeout(120_000);
    started = await startIsolatedServer(opts);
    await opts.prepare?.(started);
  });
  base.afterAll(async () => {
    await started?.stop();
  });
  return new Proxy({} as IsolatedServer, {
    get: (_target, key) => {
      if (!started) throw new Error(`The isolated server '${opts.name}' is read before it started (use it inside a test).`);
      return started[key as keyof IsolatedServer];
    },
  });
}
