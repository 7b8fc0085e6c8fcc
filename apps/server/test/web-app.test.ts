import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'mutua-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Mutua</title><div id="root"></div>');
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  t = await createTestApp({ env: { WEB_DIST: dist } });
});
afterAll(() => t.close());

it('serves index.html for client routes, never cached', async () => {
  for (const url of ['/', '/home', '/login/mfa', '/update-benef/2?x=1']) {
    const res = await t.app.inject({ url, headers: { host: 'localhost' } });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-cache');
  }
});

it('serves hashed assets as immutable and answers 404 for a missing one instead of the page', async () => {
  const asset = await t.app.inject({ url: '/assets/index-abc123.js' });
  expect(asset.statusCode).toBe(200);
  expect(asset.headers['cache-control']).toContain('immutable');
  const stale = await t.app.inject({ url: '/assets/index-old999.js' });
  expect(stale.statusCode).toBe(404);
  expect((await t.app.inject({ url: '/favicon.ico' })).statusCode).toBe(404);
});

it('answers an unknown API path with the JSON error, not the page', async () => {
  const res = await t.app.inject({ url: '/api/nowhere', headers: { host: 'localhost' } });
  expect(res.statusCode).toBe(404);
  expect(res.json().error.code).toBe('NOT_FOUND');
});
