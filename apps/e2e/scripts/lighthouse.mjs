// Lighthouse (mobile emulation, default simulated throttling) on /login and on /home signed in.
//
//   npm run lighthouse                                  # builds, starts the server on a spare port (fresh embedded database)
//   npm run lighthouse -- --url http://localhost:8080   # against a server already running (debug tools on, demo data)
//   npm run lighthouse -- --home-runs 3                 # /home three times (the score moves with the machine's load)
//   LIGHTHOUSE_REPORTS=/tmp/lh npm run lighthouse       # also writes each page's full report (JSON) there
//
// Prints performance and accessibility scores with FCP, LCP and TBT, and what failed. Not a CI gate:
// the figures move with the machine's load (targets: performance ≥ 0.95, accessibility 1.0).
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROME_FLAGS, CHROME_PATH, serverFromArgs, signIn } from './portal-session.mjs';

const args = process.argv.slice(2);
const runsAt = args.indexOf('--home-runs');
const homeRuns = runsAt === -1 ? 1 : Math.max(1, Number(args[runsAt + 1]) || 1);

function summary(name, lhr, file = name) {
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) {
    mkdirSync(reports, { recursive: true });
    writeFileSync(path.join(reports, `${file.replace(/\W/g, '') || 'root'}.json`), JSON.stringify(lhr));
  }
  const audit = (id) => lhr.audits[id]?.numericValue;
  const ms = (value) => (value == null ? '–' : `${Math.round(value)} ms`);
  const failed = Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((ref) => ref.id === a.id && ref.weight > 0))
    .map((a) => a.id);
  return {
    page: name,
    performance: lhr.categories.performance.score,
    // Lighthouse's measure of this machine's CPU (a recent laptop: 1,500–2,500), beside the score it
    // explains: the simulated 4× slowdown is applied on top of it, so a lower index means longer tasks.
    'CPU index': lhr.environment?.benchmarkIndex,
    accessibility: lhr.categories.accessibility.score,
    FCP: ms(audit('first-contentful-paint')),
    LCP: ms(audit('largest-contentful-paint')),
    TBT: ms(audit('total-blocking-time')),
    'a11y failures': failed.join(', ') || '–',
    'final URL': lhr.finalDisplayedUrl,
  };
}

const server = await serverFromArgs(args);
const chrome = await chromeLauncher.launch({ chromePath: CHROME_PATH, chromeFlags: CHROME_FLAGS });
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
  for (let run = 1; run <= homeRuns; run++) {
    await session.send('Network.clearBrowserCache');
    const home = await lighthouse(`${server.base}/home`, { ...flags, disableStorageReset: true }, undefined, page);
    rows.push(summary('/home', home.lhr, homeRuns === 1 ? '/home' : `/home-${run}`));
  }
  await browser.disconnect();
} finally {
  await chrome.kill();
  await server.stop();
}
console.table(rows);
