import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MODULES } from '../src/modules';
import { defineModule } from '../src/core/module';
import { createTestApp, type TestApp } from './support/test-app';

const BIG_JS = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const INDEX = '<!doctype html><title>Mutua</title><div id="root"></div>';

/** Answers above and below the 1 KB threshold, as API routes do (no-store). */
const probeModule = defineModule({
  name: 'probe',
  routes: {
    prefix: '/probe',
    plugin: async (app) => {
      app.get('/big', { config: { access: 'public' } }, async (_request, reply) => {
        reply.header('cache-control', 'no-store');
        return { data: Array.from({ length: 200 }, (_, i) => ({ id: i, label: `Remboursement n° ${i}` })) };
      });
      app.get('/small', { config: { access: 'public' } }, async () => ({ data: { ok: true } }));
    },
  },
});

let t: TestApp;
beforeAll(async () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'mutua-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(path.join(dist, 'index.html'), INDEX);
  // What the build's pre-compression writes: a .br and a .gz beside each text file.
  writeFileSync(path.join(dist, 'index.html.br'), brotliCompressSync(INDEX));
  writeFileSync(path.join(dist, 'index.html.gz'), gzipSync(INDEX));
  writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'big-def456.js'), BIG_JS);
  writeFileSync(path.join(dist, 'assets', 'big-def456.js.br'), brotliCompressSync(BIG_JS));
  writeFileSync(path.join(dist, 'assets', 'big-def456.js.gz'), gzipSync(BIG_JS));
  t = await createTestApp({ env: { WEB_DIST: dist }, modules: [...MODULES, probeModule] });
});
afterAll(() => t.close());

// The page carries the visitor's start-up answers (http/app-page.ts, test/app-page.test.ts): personal
// data, so no-store — never kept, asked again each time, as no-cache was for a new deploy.
it('serves index.html for client routes, never stored', async () => {
  for (const url of ['/', '/home', '/login/mfa', '/update-benef/2?x=1']) {
    const res = await t.app.inject({ url, headers: { host: 'localhost' } });
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.headers['cache-control']).toBe('no-store');
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

describe('compression', () => {
  it('sends the pre-compressed brotli file, gzip as fallback, the plain file otherwise, always varying on Accept-Encoding', async () => {
    const br = await t.app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toContain('javascript');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);

    const gz = await t.app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);

    const plain = await t.app.inject({ url: '/assets/big-def456.js', headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(BIG_JS);
  });

  it('sends index.html compressed for client routes, never stored', async () => {
    for (const url of ['/', '/login']) {
      const res = await t.app.inject({ url, headers: { host: 'localhost', 'accept-encoding': 'br, gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
    }
  });

  it('compresses JSON answers above 1 KB on the fly (brotli, else gzip), not smaller ones', async () => {
    const br = await t.app.inject({ url: '/api/probe/big', headers: { host: 'localhost', 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-store');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString()).data).toHaveLength(200);

    const gz = await t.app.inject({ url: '/api/probe/big', headers: { host: 'localhost', 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString()).data).toHaveLength(200);

    const small = await t.app.inject({ url: '/api/probe/small', headers: { host: 'localhost', 'accept-encoding': 'br, gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toEqual({ data: { ok: true } });
  });
});
