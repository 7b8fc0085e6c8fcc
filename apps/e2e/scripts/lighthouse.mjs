// Lighthouse (mobile emulation, default simulated throttling) on /login and on /home signed in.
//
//   npm run lighthouse                                  # builds, starts the server on a spare port (fresh embedded database)
//   npm run lighthouse -- --url http://localhost:8080   # against a server already running (debug tools on, demo data)
//   LIGHTHOUSE_REPORTS=/tmp/lh npm run lighthouse       # also writes each page's full report (JSON) there
//
// Prints performance and accessibility scores with FCP, LCP and TBT, and what failed. Not a CI gate:
// the figures move with the machine's load (targets: performance ≥ 0.95, accessibility 1.0).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LOGIN = '12345678';
const PASSWORD = 'Mutua-Demo-2026!';
const args = process.argv.slice(2);
const urlAt = args.indexOf('--url');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

async function waitUntilUp(base, child) {
  for (let i = 0; i < 240; i++) {
    if (child?.exitCode != null) throw new Error(`the server stopped (exit ${child.exitCode})`);
    try {
      if ((await fetch(`${base}/api/heartbeat`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${base} did not answer within 2 minutes`);
}

/** `npm start` without its build step (run by the npm script first): a fresh data dir, debug tools on. */
async function startServer() {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run npm run build first');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mutua-lighthouse-'));
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'NODE_ENV', 'WEB_DIST', 'PUBLIC_URL']) delete env[name];
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'inherit'], detached: true });
  const base = `http://localhost:${port}`;
  await waitUntilUp(base, child);
  return {
    base,
    stop: async () => {
      try {
        process.kill(-child.pid, 'SIGTERM');
      } catch {
        // already gone
      }
      await new Promise((resolve) => (child.exitCode != null ? resolve() : child.once('exit', resolve)));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function latestCode(base, since) {
  for (let i = 0; i < 60; i++) {
    const answer = await (await fetch(`${base}/api/debug/outbox?limit=1`)).json();
    const mail = answer.data?.[0];
    const code = mail && mail.createdAt > since ? /\b(\d{6})\b/.exec(mail.text)?.[1] : undefined;
    if (code) return code;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('no code in the outbox');
}

/** The cookie banner, fixed over the bottom of the window, may cover a form on a small screen: choose first, as a member would. */
async function refuseCookies(page) {
  await page.waitForNetworkIdle();
  const refuse = await page.$('::-p-aria([name="Tout refuser"][role="button"])');
  if (!refuse) return;
  await refuse.click();
  await page.waitForFunction(() => !globalThis.document.querySelector('[data-testid="cookie-consent"]:not([hidden])'));
}

/** Signs in through the screens, as apps/e2e/support/sign-in.ts does. */
async function signIn(page, base) {
  const since = new Date(Date.now() - 1000).toISOString();
  await page.goto(`${base}/login`, { waitUntil: 'networkidle0' });
  // Lighthouse's visit of /login left no choice (it clears storage), the login page asks.
  await refuseCookies(page);
  await page.locator('::-p-aria([name="Identifiant"][role="textbox"])').fill(LOGIN);
  await page.locator('::-p-aria([name="Mot de passe"][role="textbox"])').fill(PASSWORD);
  await page.locator('::-p-aria([name="Se connecter"][role="button"])').click();
  const code = await latestCode(base, since);
  await refuseCookies(page);
  await page.locator('input[autocomplete="one-time-code"]').fill(code);
  await page.locator('::-p-aria([name="Valider"][role="button"])').click();
  await page.waitForFunction(() => !/\/login(\/|$)/.test(globalThis.location.pathname), { timeout: 20_000 });
}

function summary(name, lhr) {
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    writeFileSync(path.join(reports, `${name.replace(/\W/g, '') || 'root'}.json`), JSON.stringify(lhr));
  }
  const audit = (id) => lhr.audits[id]?.numericValue;
  const ms = (value) => (value == null ? '–' : `${Math.round(value)} ms`);
  const failed = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0))
    .map((a) => a.id);
  return {
    page: name,
    performance: lhr.categories.performance.score,
    accessibility: lhr.categories.accessibility.score,
    FCP: ms(audit('first-contentful-paint')),
    LCP: ms(audit('largest-contentful-paint')),
    TBT: ms(audit('total-blocking-time')),
    'a11y failures': failed.join(', ') || '–',
    'final URL': lhr.finalDisplayedUrl,
    // Lighthouse's measure of this machine's CPU (a recent laptop: 1,500–2,500): the 4× slowdown is applied on top of it.
    'CPU index': lhr.environment?.benchmarkIndex,
  };
}

const server = urlAt === -1 ? await startServer() : { base: args[urlAt + 1].replace(/\/$/, ''), stop: async () => {} };
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const rows = [];
try {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
  const page = await browser.newPage();
  const flags = { port: chrome.port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'] };

  // /login: a first visit (Lighthouse clears cache and storage before loading).
  const login = await lighthouse(`${server.base}/login`, flags, undefined, page);
  rows.push(summary('/login', login.lhr));

  // /home: signed in (cookies kept), with the HTTP cache emptied: a member coming back to the portal.
  await signIn(page, server.base);
  const session = await page.createCDPSession();
  await session.send('Network.clearBrowserCache');
  const home = await lighthouse(`${server.base}/home`, { ...flags, disableStorageReset: true }, undefined, page);
  rows.push(summary('/home', home.lhr));
  await browser.disconnect();
} finally {
  await chrome.kill();
  await server.stop();
}
console.table(rows);
