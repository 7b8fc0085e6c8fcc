// Lighthouse (mobile emulation, default simulated throttling) on /login and on /home signed in.
//
//   npm run lighthouse                                  # builds, starts the server on a spare port (fresh embedded database)
//   npm run lighthouse -- --url http://localhost:8080   # against a server already running (debug tools on, demo data)
//   npm run lighthouse -- --home-runs 3                 # /home three times (the score moves with the machine's load)
//   npm run lighthouse -- --cpu-index 1500              # /home as on a machine of that Lighthouse CPU index (below)
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
// A faster machine than the phone-class laptop the target names (Lighthouse's CPU index ~1,500) would score
// too kindly: the simulated 4× slowdown is scaled by this machine's index over the one asked for, as
// Lighthouse's throttling guide calibrates it, so each task weighs what it would weigh there.
const indexAt = args.indexOf('--cpu-index');
const targetIndex = indexAt === -1 ? undefined : Number(args[indexAt + 1]);
if (targetIndex !== undefined && !(targetIndex > 0)) throw new Error('--cpu-index: a positive number, e.g. 1500');
const DEFAULT_SLOWDOWN = 4;

function summary(name, lhr, file = name, slowdown = DEFAULT_SLOWDOWN) {
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
    // With --cpu-index: the index the scaled slowdown stands for (the machine's × 4 / the slowdown).
    ...(slowdown === DEFAULT_SLOWDOWN
      ? {}
      : { slowdown: Number(slowdown.toFixed(2)), 'as at CPU index': Math.round((lhr.environment.benchmarkIndex * DEFAULT_SLOWDOWN) / slowdown) }),
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
  // The machine's index as the last run measured it (it moves with the load), for the next run's slowdown.
  let machineIndex = login.lhr.environment.benchmarkIndex;
  for (let run = 1; run <= homeRuns; run++) {
    await session.send('Network.clearBrowserCache');
    const slowdown = targetIndex ? (DEFAULT_SLOWDOWN * machineIndex) / targetIndex : DEFAULT_SLOWDOWN;
    const throttling = { cpuSlowdownMultiplier: slowdown };
    const home = await lighthouse(`${server.base}/home`, { ...flags, disableStorageReset: true, throttling }, undefined, page);
    rows.push(summary('/home', home.lhr, homeRuns === 1 ? '/home' : `/home-${run}`, slowdown));
    machineIndex = home.lhr.environment.benchmarkIndex;
  }
  await browser.disconnect();
} finally {
  await chrome.kill();
  await server.stop();
}
console.table(rows);
