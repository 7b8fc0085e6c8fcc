import { defineConfig } from '@playwright/test';
import CHROMIUM_FLAGS from './chromium-flags.json' with { type: 'json' };
import { CHROMIUM } from './support/paths';

// One output folder per run (the runner's pid, inherited by its workers): Playwright empties its
// output folder at start, which must not delete the traces of another run going on in this tree.
process.env.E2E_RUN_ID ??= String(process.pid);

/**
 * End-to-end specs in the machine's Chromium (nothing downloaded), against the real server started by
 * global-setup.ts with the built web app, a fresh embedded database and a real SMTP receiver.
 */
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  forbidOnly: !!process.env.CI,
  // A flaky test is a bug to fix, not to retry.
  retries: 0,
  // Two on a developer's machine; CI sets as many as its cores hold (.ci/run).
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // E2E_REPORT=<file.json>: each test's duration too, which scripts/durations.mjs sums up by spec file.
  reporter: process.env.E2E_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_REPORT }]] : [['list']],
  outputDir: `./test-results/run-${process.env.E2E_RUN_ID}`,
  use: {
    browserName: 'chromium',
    headless: true,
    locale: 'fr-FR',
    timezoneId: 'Europe/Paris',
    // A trace records the page after every action of every test, kept or not: a fifth of a journey's CPU
    // (refunds.spec alone: 57 core-seconds with it, 45 without). A failure still leaves its screenshot and
    // its page's error context; E2E_TRACE=on records traces to replay one.
    trace: process.env.E2E_TRACE === 'on' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium', use: { viewport: { width: 1280, height: 800 } } }],
});
