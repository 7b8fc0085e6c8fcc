import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { SESSION_COOKIE } from '@mutua/contracts/auth';
import { VAUTH_COOKIE, XSRF_COOKIE } from '@mutua/contracts/platform';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../src/config';
import { renderAppPage } from '../src/http/app-page';
import { AuthClient, DEMO_ACCOUNTS, signIn } from './support/auth';
import { createTestApp, type TestApp } from './support/test-app';

// The member portal's page carries the answers of the SPA's start-up GETs for this visitor,
// and home comes painted by the SPA's server render. Here a build made of the real index.html (its
// script tags as Vite writes them) and a stand-in render module that paints from the answers it gets.
const dist = mkdtempSync(path.join(os.tmpdir(), 'mutua-app-page-'));
const source = readFileSync(path.join(REPO_ROOT, 'apps/web/index.html'), 'utf8');
writeFileSync(
  path.join(dist, 'index.html'),
  source.replace(
    '<script type="module" src="/src/main.tsx"></script>',
    '<script type="module" crossorigin src="/assets/index-A1.js"></script>\n    <link rel="modulepreload" crossorigin href="/assets/react-B2.js">',
  ),
);
mkdirSync(path.join(dist, '.vite'));
const manifest = {
  'index.html': { file: 'assets/index-A1.js', imports: ['_react-B2.js'], css: ['assets/index-C3.css'] },
  '_react-B2.js': { file: 'assets/react-B2.js' },
  'src/features/dashboard/routes/home.tsx': { file: 'assets/home-D4.js', imports: ['_react-B2.js', '_card-E5.js'], css: ['assets/home-F6.css'] },
  '_card-E5.js': { file: 'assets/card-E5.js', css: ['assets/card-G7.css'] },
  // Shown painted, never run on the page: its style sheet linked, its script not asked for.
  'src/features/dashboard/components/read-blocks.ts': { file: 'assets/read-blocks-H8.js', imports: ['_card-E5.js', '_badge-I9.js'] },
  '_badge-I9.js': { file: 'assets/badge-I9.js', css: ['assets/badge-J0.css'] },
};
writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
const renderModule = path.join(dist, 'entry-server.mjs');
writeFileSync(
  renderModule,
  `export const SERVER_RENDERED = { '/home': ['src/features/dashboard/routes/home.tsx'] };
   export const PAINTED_STYLES = { '/home': ['src/features/dashboard/components/read-blocks.ts'] };
   export async function render({ url, answers }) {
     if (new URL(url).pathname !== '/home' || !answers['/all-info']) return null;
     const name = answers['/all-info'].data.insured.allBeneficiaries.beneficiaries[0].firstName;
     return { html: '<main><h1>Bonjour ' + name + '</h1></main>', title: 'Accueil de ' + name + ' <&>' };
   }`,
);

let t: TestApp;
beforeAll(async () => {
  // The embedded database's work delays the event loop: the instance here never counts itself busy.
  t = await createTestApp({ env: { WEB_DIST: dist, WEB_SSR: renderModule, PAINTING_MAX_DELAY_MS: '60000' } });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers: { host: 'localhost', ...headers } });
const answersIn = (html: string): Record<string, { data: unknown }> | null => {
  const element = /<script type="application\/json" id="mutua-answers">(.*?)<\/script>/s.exec(html);
  return element ? JSON.parse(element[1]!) : null;
};
const scriptsIn = (html: string) =>
  JSON.parse(/<script type="application\/json" id="mutua-scripts">(.*?)<\/script>/s.exec(html)![1]!) as { entry: string; imports: string[]; screens: string[] };

describe('the member portal’s page', () => {
  it('carries, for a visitor, the answers of init, heartbeat and the cookie choice — not the global details — and the anti-forgery cookie init sets', async () => {
    const res = await get('/home');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const answers = answersIn(res.body)!;
    expect(Object.keys(answers).sort()).toEqual(['/consent', '/heartbeat', '/init']);
    expect(answers['/init']).toEqual((await get('/api/init')).json());
    expect(answers['/heartbeat']).toEqual((await get('/api/heartbeat')).json());
    expect(res.cookies.find((c) => c.name === XSRF_COOKIE)?.value).toBeTruthy();
    // Not painted: the browser renders, with its own scripts as the build wrote them.
    expect(res.body).not.toContain('data-rendered');
    expect(res.body).toContain('Chargement de votre espace…');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-A1.js"></script>');
    expect(res.body).not.toContain('<!--mutua:answers-->');
  });

  it('is every client route’s page, `/` included; the template itself is not served', async () => {
    for (const url of ['/', '/refunds', '/help?x=1']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(answersIn(res.body), url).not.toBeNull();
    }
    expect((await get('/index.html')).statusCode).toBe(404);
  });

  it('signed in: carries the member’s own global details, as GET /api/all-info answers them, and comes painted', async () => {
    const client = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
    const res = await client.get('/home', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBe('br');
    const html = brotliDecompressSync(res.rawPayload).toString();
    const answers = answersIn(html)!;
    expect(answers['/all-info']).toEqual((await client.get('/api/all-info')).json());
    expect(html).toContain('<div id="root" data-rendered="server"><main><h1>Bonjour CAMILLE</h1></main></div>');
    expect(html).not.toContain('Chargement de votre espace…');
    expect(html).toContain('<title>Accueil de CAMILLE &#60;&#38;&#62;</title>');
    // Its screens' style sheets at the end of the head (it paints with them; after the entry's, whose
    // rules they override), the entry's own not twice; then those of the parts shown painted only.
    expect(html).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/home-F6.css"><link rel="stylesheet" crossorigin href="/assets/card-G7.css"><link rel="stylesheet" crossorigin href="/assets/badge-J0.css"></head>',
    );
    expect(html.match(/index-C3\.css/g) ?? []).toHaveLength(0);
    // Its scripts asked for after the first paint (public/hydrate.js), not by tags the parser meets.
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"/);
    expect(scriptsIn(html)).toEqual({ entry: '/assets/index-A1.js', imports: ['/assets/react-B2.js'], screens: ['/assets/home-D4.js', '/assets/card-E5.js'] });
    expect(html).toContain('<script src="/hydrate.js" defer></script>');
    expect(res.headers.vary).toMatch(/cookie/i);
    // Another page of the same member: the answers, but the browser renders it.
    const refunds = await client.get('/refunds');
    expect(answersIn(refunds.body)!['/all-info']).toBeDefined();
    expect(refunds.body).not.toContain('data-rendered');
  });

  it('never carries a member’s details to another: a session of another tenant, or an ended one, gets no global details', async () => {
    const lea = await signIn(t, DEMO_ACCOUNTS.lea.membershipNumber, { host: 'azur.localhost' });
    const leaCookie = `${SESSION_COOKIE}=${lea.cookies.get(SESSION_COOKIE)}; ${VAUTH_COOKIE}=true`;
    const onOtherTenant = await get('/home', { cookie: leaCookie });
    expect(answersIn(onOtherTenant.body)!['/all-info']).toBeUndefined();
    expect(onOtherTenant.body).not.toContain('data-rendered');

    const own = await get('/home', { host: 'azur.localhost', cookie: leaCookie });
    expect(own.body).toContain('Bonjour LÉA');
    expect(own.body).not.toContain('CAMILLE');

    // Ended: the page carries nothing; the SPA meets the ended session on its own calls (the notice).
    const camille = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
    const cookie = `${SESSION_COOKIE}=${camille.cookies.get(SESSION_COOKIE)}; ${VAUTH_COOKIE}=true`;
    expect((await camille.get('/api/auth/logout')).statusCode).toBe(200);
    const ended = await get('/home', { cookie });
    expect(ended.statusCode).toBe(200);
    expect(answersIn(ended.body)).toBeNull();
    expect(ended.body).toContain('Chargement de votre espace…');
  });

  it('keeps the visitor’s anti-forgery cookie valid: a write after the page is accepted', async () => {
    const client = new AuthClient(t.app, 'localhost');
    await client.get('/home');
    const res = await client.login(DEMO_ACCOUNTS.camille.membershipNumber, 'not-the-password');
    expect(res.json().error.code).not.toBe('CSRF_INVALID');
  });
});

it('past its painting limit (here 0: never), sends the page unpainted, answers and all: the browser renders it', async () => {
  const unpainted = await createTestApp({ env: { WEB_DIST: dist, WEB_SSR: renderModule, PAINTING_LIMIT: '0' } });
  try {
    const client = await signIn(unpainted, DEMO_ACCOUNTS.camille.membershipNumber);
    const res = await client.get('/home');
    expect(answersIn(res.body)!['/all-info']).toBeDefined();
    expect(res.body).not.toContain('data-rendered');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-A1.js"></script>');
  } finally {
    await unpainted.close();
  }
});

describe('renderAppPage', () => {
  const template = readFileSync(path.join(dist, 'index.html'), 'utf8');

  it('puts answers in a data block no text can close, `$` patterns kept as text', () => {
    const hostile = { '/init': { data: "</script><script>alert(1)</script> $& $' $`" } };
    const html = renderAppPage(template, hostile);
    expect(html).not.toContain('<script>alert(1)');
    expect(answersIn(html)).toEqual(hostile);
  });

  it('without answers, is the build’s page with its placeholders emptied', () => {
    const html = renderAppPage(template, {});
    expect(html).not.toContain('mutua-answers');
    expect(html).not.toContain('<!--mutua:answers-->');
  });

  it('painted, takes the render’s HTML as text, even with `$` in it', () => {
    const html = renderAppPage(template, { '/init': { data: 1 } }, { html: '<p>5 $& 6</p>', title: 'T', styles: [], scripts: [] });
    expect(html).toContain('<div id="root" data-rendered="server"><p>5 $& 6</p></div>');
  });
});
