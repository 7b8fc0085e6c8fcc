// What the page-measuring scripts share (lighthouse.mjs, home-trace.mjs): a server started for them on a
// spare port with a fresh embedded database and the demo data, and the demo member signed in through
// the screens, as a member would (puppeteer).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const LOGIN = '12345678';
const PASSWORD = 'Mutua-Demo-2026!';
export const CHROME_PATH = process.env.CHROME_PATH ?? '/usr/bin/chromium';
// The flags the journeys run Chromium with (playwright.config.ts), headless in the new mode.
export const CHROME_FLAGS = ['--headless=new', ...JSON.parse(readFileSync(path.join(ROOT, 'apps/e2e/chromium-flags.json'), 'utf8'))];

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
export async function startServer() {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) throw new Error('apps/web/dist is missing: run npm run build first');
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'mutua-lighthouse-'));
  const env = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'NODE_ENV', 'WEB_DIST', 'PUBLIC_URL']) delete env[name];
  const child = spawn(path.join(ROOT, 'node_modules/.bin/tsx'), ['apps/server/src/main.ts'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
    detached: true,
  });
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
export async function signIn(page, base) {
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

/** The server given with `--url <base>` (debug tools on, demo data), else one started here. */
export async function serverFromArgs(args) {
  const urlAt = args.indexOf('--url');
  return urlAt === -1 ? startServer() : { base: args[urlAt + 1].replace(/\/$/, ''), stop: async () => {} };
}
