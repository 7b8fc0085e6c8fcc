import { readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { SESSION_COOKIE } from '@mutua/contracts/auth';
import { VAUTH_COOKIE, XSRF_COOKIE } from '@mutua/contracts/platform';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { accounts, members, sessions, tenants, type Tenant } from '../src/db/schema';
import { renderLoginPage } from '../src/http/login-page';
import { AuthClient, DEMO_ACCOUNTS, signIn } from './support/auth';
import { createTestApp, OPERATOR_TOKEN, type TestApp } from './support/test-app';

// /login is rendered by the server from the web build's login.html (here its source, which
// has the same placeholders), with the tenant's brand, and the guard's rules for the page applied.
const TEMPLATE_PATH = path.join(REPO_ROOT, 'apps/web/login.html');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { LOGIN_TEMPLATE: TEMPLATE_PATH } });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { host: 'localhost', ...headers } });
const ops = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });

describe('GET /login', () => {
  it('is the tenant’s page: its name in the title, its colours, fonts, roundings, logo, favicon and sender, every placeholder filled', async () => {
    const res = await get('/login');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const html = res.body;
    expect(html).toContain('<title>Mutua Santé - Connexion</title>');
    expect(html).not.toContain('<!--mutua:');
    const init = (await get('/api/init')).json().data.data.brand;
    expect(html).toContain(`--mutua-color-primary:${init.graphical_charter.colors.primary.toLowerCase()}`);
    expect(html).toMatch(/--mutua-font-body:[^;]+;/);
    expect(html).toContain(`--mutua-radius-lg:${init.graphical_charter.rounding.large}px`);
    expect(html).toContain(`<img class="logo" src="${init.graphical_charter.logo}" alt="Mutua Santé"`);
    expect(html).toContain(`<link rel="icon" type="image/svg+xml" href="${init.graphical_charter.favicon}" />`);
    expect(html).toMatch(/Ajoutez [^<\s]+@[^<\s]+ à vos contacts/);
    // The form the script drives, posted (never a GET with the password) if the script has not run.
    expect(html).toContain('<form id="login-form" method="post" action="/login"');
  });

  it('is another tenant’s page on its host', async () => {
    const res = await get('/login', { host: 'azur.localhost' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Azur Prévoyance - Connexion</title>');
    const init = (await get('/api/init', { host: 'azur.localhost' })).json().data.data.brand;
    expect(res.body).toContain(`--mutua-color-primary:${init.graphical_charter.colors.primary.toLowerCase()}`);
  });

  it('gives the form its anti-forgery cookie, which a login call then accepts', async () => {
    const client = new AuthClient(t.app, 'localhost');
    const page = await client.get('/login');
    expect(page.cookies.find((c) => c.name === XSRF_COOKIE)).toBeTruthy();
    const res = await client.login(DEMO_ACCOUNTS.camille.membershipNumber, 'not-the-password');
    expect(res.json().error.code).not.toBe('CSRF_INVALID');
    expect(res.statusCode).toBe(401);
  });

  it('leaves compressed (brotli, else gzip) and varies on Accept-Encoding', async () => {
    const plain = await get('/login');
    const br = await get('/login', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    const gz = await get('/login', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('carries the security headers: no inline script, no framing (a login form in a frame is the clickjacker’s)', async () => {
    const res = await get('/login');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    // The page's own script is a file: nothing inline the policy would block.
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
  });

  it('answers /login/ as /login, and never serves the template as it is', async () => {
    expect((await get('/login/')).body).toContain('<title>Mutua Santé - Connexion</title>');
    const raw = await get('/login.html');
    expect(raw.statusCode).toBe(404);
    expect(raw.body).not.toContain('<!--mutua:');
  });
});

describe('the guard’s rules for the page, applied by the server', () => {
  it('sends a host without a tenant to the no-brand page (rule 5)', async () => {
    const res = await get('/login', { host: 'nobody.example' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/no-brand');
  });

  it('sends a timeout parameter to maintenance (rule 4), not timeout=false', async () => {
    const res = await get('/login?timeout=true');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/maintenance?timeout=true');
    expect((await get('/login?timeout=false')).statusCode).toBe(200);
  });

  it('sends a tenant in maintenance to the maintenance page (rule 3), the other tenant still signs in', async () => {
    expect((await ops('/api/ops/tenants/mutua/maintenance', { on: true, reason: 'Mise à jour.' })).statusCode).toBe(200);
    try {
      const res = await get('/login');
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/maintenance');
      expect((await get('/login', { host: 'azur.localhost' })).statusCode).toBe(200);
    } finally {
      await ops('/api/ops/tenants/mutua/maintenance', { on: false });
    }
    expect((await get('/login')).statusCode).toBe(200);
  });

  it('sends a signed-in member home (rule 9); after logout the same cookie gets the page, and vauth is cleared', async () => {
    const client = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
    const signedIn = await client.get('/login');
    expect(signedIn.statusCode).toBe(302);
    expect(signedIn.headers.location).toBe('/home');

    const cookie = client.cookies.get(SESSION_COOKIE)!;
    await t.database.db.update(sessions).set({ endedAt: new Date() });
    const ended = await get('/login', { cookie: `${SESSION_COOKIE}=${cookie}; ${VAUTH_COOKIE}=true` });
    expect(ended.statusCode).toBe(200);
    const cleared = ended.cookies.find((c) => c.name === VAUTH_COOKIE);
    expect(cleared && (cleared.maxAge === 0 || cleared.value === '' || (cleared.expires as Date) < new Date())).toBe(true);
  });

  it('does not send home a session of another tenant: its page signs in on this one', async () => {
    const client = await signIn(t, DEMO_ACCOUNTS.lea.membershipNumber, { host: 'azur.localhost' });
    const cookie = client.cookies.get(SESSION_COOKIE)!;
    const res = await get('/login', { cookie: `${SESSION_COOKIE}=${cookie}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Mutua Santé - Connexion</title>');
  });

  it('answers a made-up session cookie with the page, and a stray vauth is cleared', async () => {
    const made = await get('/login', { cookie: `${SESSION_COOKIE}=made-up; ${VAUTH_COOKIE}=true` });
    expect(made.statusCode).toBe(200);
    const stray = await get('/login', { cookie: `${VAUTH_COOKIE}=true` });
    expect(stray.statusCode).toBe(200);
    expect(stray.cookies.some((c) => c.name === VAUTH_COOKIE)).toBe(true);
  });
});

describe('POST /login (the form sent before its script ran)', () => {
  it('reads nothing, tries no password and sends back to the page with 303', async () => {
    const failures = async () =>
      (
        await t.database.db
          .select({ n: accounts.consecutiveFailures })
          .from(accounts)
          .innerJoin(members, eq(members.id, accounts.memberId))
          .where(eq(members.membershipNumber, DEMO_ACCOUNTS.camille.membershipNumber))
      )[0]!.n;
    const before = await failures();
    const res = await t.app.inject({
      method: 'POST',
      url: '/login',
      headers: { host: 'localhost', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `login=${DEMO_ACCOUNTS.camille.membershipNumber}&password=wrong-password`,
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login');
    expect(res.body).not.toContain('wrong-password');
    expect(await failures()).toBe(before);
  });
});

describe('renderLoginPage', () => {
  const template = readFileSync(TEMPLATE_PATH, 'utf8');
  let tenant: Tenant;
  beforeAll(async () => {
    [tenant] = (await t.database.db.select().from(tenants).limit(1)) as [Tenant];
  });

  it('escapes what the tenant’s configuration holds, in text and in attributes', () => {
    const html = renderLoginPage(template, {
      ...tenant,
      name: 'Mutu"<script>alert(1)</script>',
      settings: { ...tenant.settings, noReplyEmail: '<b>x</b>@example.com' },
    });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).toContain('<title>Mutu&#34;&#60;script&#62;alert(1)&#60;/script&#62; - Connexion</title>');
    expect(html).toContain('alt="Mutu&#34;&#60;script&#62;');
    expect(html).toContain('Ajoutez &#60;b&#62;x&#60;/b&#62;@example.com à vos contacts');
  });

  it('keeps a font name from closing the style sheet', () => {
    const html = renderLoginPage(template, {
      ...tenant,
      graphicalCharter: { ...tenant.graphicalCharter, fonts: { body: 'Evil</style><script>x()</script>', heading: 'serif' } },
    });
    expect(html).not.toContain('</style><script>');
    expect(html.match(/<style>[^<]*<\/style>/)).toBeTruthy();
  });

  it('refuses a template with a placeholder it does not know', () => {
    expect(() => renderLoginPage(`${template}<!--mutua:other-->`, tenant)).toThrow(/placeholder/);
  });
});

it('is not registered without a template (a server without the web build answers the SPA fallback)', async () => {
  const bare = await createTestApp();
  try {
    const res = await bare.app.inject({ url: '/login', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(404);
  } finally {
    await bare.close();
  }
});
