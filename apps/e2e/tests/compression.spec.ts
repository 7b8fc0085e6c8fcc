import type { Response } from '@playwright/test';
import { expect, test } from '../fixtures';

// A cold load of /login receives its page, scripts and styles brotli-compressed
// (pre-compressed at build time; the page once per tenant by the server), hashed assets cached for good
// and the page never cached (no-store: it depends on the visitor's cookies and sets one).
test('a cold load of /login transfers brotli, hashed assets immutable, the page no-store', async ({ page, tenantUrl }) => {
  const seen: { path: string; type: string; encoding?: string; cache?: string; vary?: string; size: number }[] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (response: Response) => {
    const url = new URL(response.url());
    if (url.origin !== new URL(tenantUrl('mutua', '/')).origin || url.pathname.startsWith('/api/')) return;
    pending.push(
      (async () => {
        const headers = await response.allHeaders();
        const sizes = await response.request().sizes();
        seen.push({
          path: url.pathname,
          type: headers['content-type'] ?? '',
          encoding: headers['content-encoding'],
          cache: headers['cache-control'],
          vary: headers.vary,
          size: sizes.responseBodySize,
        });
      })(),
    );
  });
  await page.goto(tenantUrl('mutua', '/login'), { waitUntil: 'networkidle' });
  await expect(page).toHaveTitle('Mutua Santé - Connexion');
  await Promise.all(pending);

  const doc = seen.find((r) => r.path === '/login');
  expect(doc, 'the /login document').toBeDefined();
  expect(doc!.encoding).toBe('br');
  expect(doc!.cache).toBe('no-store');

  const assets = seen.filter((r) => r.path.startsWith('/assets/') && /javascript|css/.test(r.type));
  // The login page's script and style sheet.
  expect(assets.map((a) => (/css/.test(a.type) ? 'css' : 'js')).sort()).toEqual(['css', 'js']);
  let wire = 0;
  for (const asset of assets) {
    wire += asset.size;
    expect(asset.cache, asset.path).toBe('public, max-age=31536000, immutable');
    expect(asset.vary ?? '', asset.path).toMatch(/accept-encoding/i);
    // Files under 1 KB are not worth compressing: the build leaves them plain.
    if (asset.size >= 1024 || asset.encoding) expect(asset.encoding, asset.path).toBe('br');
  }
  console.log(`/login: ${assets.length} scripts and styles, ${(wire / 1024).toFixed(1)} KB on the wire (brotli)`);
});
