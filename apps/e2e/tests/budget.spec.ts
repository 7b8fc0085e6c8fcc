import { gzipSync } from 'node:zlib';
import type { Response } from '@playwright/test';
import { expect, expectNoA11yViolations, test } from '../fixtures';

// Issue 2, acceptance 11: the JavaScript the login route loads stays under 170 KB gzip — a size, not
// a timing. Every JavaScript response of a cold load of /login (entry, preloads, lazy route chunks)
// is gzipped here with zlib's default level and summed.
const BUDGET_BYTES = 170 * 1024;

test('the JavaScript loaded by /login stays under 170 KB gzip', async ({ page, tenantUrl }, testInfo) => {
  const pending: Promise<void>[] = [];
  const scripts = new Map<string, { raw: number; gzip: number }>();
  page.on('response', (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.request().resourceType() !== 'script' && !/javascript/.test(type)) return;
    pending.push(
      response.body().then((body) => {
        scripts.set(new URL(response.url()).pathname, { raw: body.length, gzip: gzipSync(body).length });
      }),
    );
  });

  await page.goto(tenantUrl('mutua', '/login'), { waitUntil: 'networkidle' });
  await expect(page).toHaveTitle('Mutua Santé - Connexion');
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);

  const rows = [...scripts].sort((a, b) => b[1].gzip - a[1].gzip);
  const total = rows.reduce((sum, [, s]) => sum + s.gzip, 0);
  const raw = rows.reduce((sum, [, s]) => sum + s.raw, 0);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`login route JavaScript: ${rows.length} files, ${kb(raw)} raw, ${kb(total)} gzip (budget ${kb(BUDGET_BYTES)})`);
  for (const [path, s] of rows) console.log(`  ${kb(s.gzip).padStart(9)}  ${path}`);
  testInfo.annotations.push({ type: 'login JS gzip', description: `${kb(total)} in ${rows.length} files (budget ${kb(BUDGET_BYTES)})` });

  expect(rows.length).toBeGreaterThan(0);
  expect(total, `JavaScript for /login is ${kb(total)} gzip, over the ${kb(BUDGET_BYTES)} budget`).toBeLessThanOrEqual(BUDGET_BYTES);
  await expectNoA11yViolations(page);
});
