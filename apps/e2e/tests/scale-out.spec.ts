import { readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ERRORS } from '@mutua/contracts/errors';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, isolatedServer, test } from '../fixtures';
import { freePort } from '../support/ports';
import { viaHostPort } from '../support/postgres';
import { startServer, type ServerInstance } from '../support/server-instance';
import { e2eState, withSmtpUser } from '../support/state';

// Two instances of the server on ONE PostgreSQL database behind one address; the
// test chooses which instance answers each request. Sessions, one-time codes and the wrong-password
// counter live in the database, so a member continues on the other instance as if nothing happened.

const first = isolatedServer({ database: 'server', name: 'scale-a' });
let second: ServerInstance;

/** One address for both instances: every request goes to the instance `target` names (switched by the test). */
class SwitchProxy {
  target: 'first' | 'second' = 'first';
  private server: http.Server | undefined;
  port = 0;
  constructor(private readonly ports: () => { first: number; second: number }) {}

  async listen(port: number): Promise<this> {
    this.server = http.createServer((req, res) => {
      const which = this.target;
      const upstream = http.request({ host: '127.0.0.1', port: this.ports()[which], method: req.method, path: req.url, headers: req.headers }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-test-instance': which });
        answer.pipe(res);
      });
      upstream.on('error', () => res.writeHead(502).end());
      req.pipe(upstream);
    });
    // The choice is made per request, whatever connection the browser reuses.
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.port = port;
    return this;
  }

  close(): Promise<void> {
    return new Promise((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

const proxy = new SwitchProxy(() => ({ first: first.server.port, second: second.port }));

test.beforeAll(async () => {
  test.setTimeout(120_000);
  const state = e2eState();
  // The second instance: same database (through the first one's TCP proxy), same session secret, its own data dir and mail source.
  const port = await freePort(first.server.port + 40);
  const source = `scale-b-${port}`;
  second = await startServer({
    port,
    dataDir: path.join(state.runDir, `scale-b-${port}-${Date.now().toString(36)}`),
    smtpUrl: withSmtpUser(state.smtpUrl, source),
    databaseUrl: viaHostPort(first.database!.url, '127.0.0.1', first.proxy!.port),
    env: {
      WEB_DIST: state.webDist,
      SESSION_SECRET: readFileSync(path.join(first.server.dataDir, 'session-secret'), 'utf8').trim(),
      // The same master key: the data keys in the shared database are wrapped with it.
      MASTER_KEY_FILE: path.join(first.server.dataDir, 'master-keys'),
    },
  });
  await proxy.listen(await freePort(port + 1));
});

test.afterAll(async () => {
  await proxy.close();
  await second?.stop();
});

test('a member signs in through one instance and continues on the other; the wrong-password limit counts across both', async ({ page }) => {
  const camille = DEMO_ACCOUNTS.camille;
  const at = (host: string, pathname: string) => `http://${host}:${proxy.port}${pathname}`;

  // Password step on the first instance: it stores the code and mails it.
  proxy.target = 'first';
  const after = await first.mail.mark();
  await page.goto(at('localhost', '/login'));
  await page.getByRole('textbox', { name: 'Identifiant' }).fill(camille.login);
  await page.getByRole('textbox', { name: 'Mot de passe', exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Se connecter' }).click();
  const code = await first.mail.waitForCode({ to: camille.email, after });

  // Code step on the second instance: it reads the code the first one stored, and opens the session.
  proxy.target = 'second';
  await page.getByRole('textbox', { name: /Code reçu par e-mail/ }).fill(code);
  const validated = page.waitForResponse((r) => r.url().includes('/api/auth/validate-mfa'));
  await page.getByRole('button', { name: 'Valider' }).click();
  const validation = await validated;
  expect(validation.status()).toBe(200);
  expect(validation.headers()['x-test-instance']).toBe('second');
  await expect(page).toHaveURL(/\/home$/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Back on the first instance: the session opened by the second one is valid there, home loads its data.
  // The answer awaited is one asked after the switch: a call of home's still under way at that moment
  // was sent to the second instance (waiting for « networkidle » did not wait: the page had reached it).
  proxy.target = 'first';
  const switchedAt = Date.now();
  const allInfo = page.waitForResponse((r) => r.url().includes('/api/all-info') && r.request().timing().startTime >= switchedAt);
  await page.reload();
  const answer = await allInfo;
  expect(answer.status()).toBe(200);
  expect(answer.headers()['x-test-instance']).toBe('first');
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Wrong passwords alternating between the instances: the account's counter is one, so the fifth
  // mistake blocks it whichever instance answered the others (another tenant's member: Léa on azur).
  const lea = DEMO_ACCOUNTS.lea;
  const other = await page.context().browser()!.newContext();
  const login = await other.newPage();
  await login.goto(at('azur.localhost', '/login'));
  await login.getByRole('textbox', { name: 'Identifiant' }).fill(lea.login);
  const password = login.getByRole('textbox', { name: 'Mot de passe', exact: true });
  for (let attempt = 1; attempt <= 5; attempt++) {
    proxy.target = attempt % 2 === 1 ? 'first' : 'second';
    await password.fill(`Wrong-Password-${attempt}!`);
    const refused = login.waitForResponse((r) => r.url().includes('/api/auth/login'));
    await login.getByRole('button', { name: 'Se connecter' }).click();
    const response = await refused;
    expect(response.headers()['x-test-instance']).toBe(proxy.target);
    expect(response.status()).toBe(attempt < 5 ? 401 : 403);
    const expected = attempt < 5 ? ERRORS.INVALID_CREDENTIALS.message : ERRORS.ACCOUNT_BLOCKED.message;
    await expect(login.getByRole('alert').filter({ hasText: expected })).toBeVisible();
  }
  // Blocked on both: the right password is refused too, whichever instance answers.
  for (const target of ['first', 'second'] as const) {
    proxy.target = target;
    await password.fill(DEMO_PASSWORD);
    const refused = login.waitForResponse((r) => r.url().includes('/api/auth/login'));
    await login.getByRole('button', { name: 'Se connecter' }).click();
    expect((await refused).status()).toBe(403);
    await expect(login.getByRole('alert').filter({ hasText: ERRORS.ACCOUNT_BLOCKED.message })).toBeVisible();
  }
  await other.close();
});
