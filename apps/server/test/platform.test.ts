import { ZInitResponse, XSRF_COOKIE } from '@mutua/contracts/platform';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenants } from '../src/db/schema';
import { OPERATOR_TOKEN, TestClient, createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const ops = (method: 'GET' | 'POST', url: string, payload?: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method, url, payload, remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${OPERATOR_TOKEN}`, ...headers } });

describe('GET /api/init', () => {
  it('answers the brand of the tenant that owns the host, with data.data and an XSRF cookie', async () => {
    const res = await t.app.inject({ url: '/api/init', headers: { host: 'localhost:8080' } });
    expect(res.statusCode).toBe(200);
    const body = ZInitResponse.parse(res.json());
    expect(body.data.data.brand.name).toBe('Mutua Santé');
    expect(body.data.data.brand.graphical_charter.colors.primary).toBe('#1c4fd8');
    expect(res.cookies.find((c) => c.name === XSRF_COOKIE)?.value).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('answers a different brand, with its logout redirect URL, on the second tenant host', async () => {
    const res = await t.app.inject({ url: '/api/init', headers: { host: 'azur.localhost:8080' } });
    const { data } = ZInitResponse.parse(res.json()).data;
    expect(data.brand.name).toBe('Azur Prévoyance');
    expect(data.brand.graphical_charter.rounding.small).toBe(0);
    // Its own login page, marked so that the e2e test can tell the tenant's URL was followed.
    expect(data.logoutRedirectUrl).toBe('/login?au-revoir=1');
  });

  it('never lends a brand to an unknown host', async () => {
    const res = await t.app.inject({ url: '/api/init', headers: { host: 'evil.example' } });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'ENVIRONMENT_NOT_FOUND', message: expect.any(String) } });
  });

  it('keeps a valid XSRF token across calls instead of rotating it', async () => {
    const client = await TestClient.start(t.app);
    const first = client.xsrfToken;
    await client.get('/api/init');
    expect(client.xsrfToken).toBe(first);
  });
});

describe('GET /api/heartbeat', () => {
  it('reports UP and the debug flag, whatever the host', async () => {
    const res = await t.app.inject({ url: '/api/heartbeat', headers: { host: 'unknown.example' } });
    expect(res.json()).toEqual({ data: { status: 'UP', active_debug_session: true } });
  });
});

describe('brand assets', () => {
  it('serves each tenant its own SVG logo and favicon', async () => {
    const mutua = await t.app.inject({ url: '/api/brand/logo.svg', headers: { host: 'localhost' } });
    const azur = await t.app.inject({ url: '/api/brand/favicon.svg', headers: { host: 'azur.localhost' } });
    expect(mutua.headers['content-type']).toContain('image/svg+xml');
    expect(mutua.body).toContain('Mutua Santé');
    expect(azur.body).toContain('#8a1538');
  });

  it('draws the QR code of each store link the tenant publishes, and answers 404 where it publishes none', async () => {
    const [mutua] = await t.database.db.select().from(tenants).where(eq(tenants.id, 'mutua'));
    const { appStoreUrl, playStoreUrl } = mutua!.mobileApplication;
    for (const [path, url] of [
      ['/api/brand/app-store-qr.svg', appStoreUrl!],
      ['/api/brand/play-store-qr.svg', playStoreUrl!],
    ] as const) {
      const res = await t.app.inject({ url: path, headers: { host: 'localhost' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('image/svg+xml');
      // The very image of that link (qrcode is deterministic): another tenant's or store's would differ.
      expect(res.body).toBe(await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }));
    }
    expect(appStoreUrl).not.toBe(playStoreUrl);
    // Azur publishes no application: no image, the JSON 404.
    const azur = await t.app.inject({ url: '/api/brand/app-store-qr.svg', headers: { host: 'azur.localhost' } });
    expect(azur.statusCode).toBe(404);
    expect(azur.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
  });
});

describe('maintenance through the operator API', () => {
  it('turns a tenant to 503 with its public reason, leaves the other tenant alone, and comes back', async () => {
    const on = await ops('POST', '/api/ops/tenants/mutua/maintenance', { on: true, reason: 'Mise à jour en cours, retour à 14 h.' });
    expect(on.statusCode).toBe(200);

    const down = await t.app.inject({ url: '/api/init', headers: { host: 'localhost' } });
    expect(down.statusCode).toBe(503);
    expect(down.json()).toMatchObject({ error: { code: 'MAINTENANCE' }, maintenance_public_reason: 'Mise à jour en cours, retour à 14 h.' });
    const other = await t.app.inject({ url: '/api/init', headers: { host: 'azur.localhost' } });
    expect(other.statusCode).toBe(200);
    const heartbeat = await t.app.inject({ url: '/api/heartbeat', headers: { host: 'localhost' } });
    expect(heartbeat.statusCode).toBe(200);

    await ops('POST', '/api/ops/tenants/mutua/maintenance', { on: false });
    const back = await t.app.inject({ url: '/api/init', headers: { host: 'localhost' } });
    expect(back.statusCode).toBe(200);
  });

  it('toggles a feature without a restart', async () => {
    const res = await ops('POST', '/api/ops/tenants/azur/features', { featureId: 'MY_SERVICES', enabled: true });
    expect(res.statusCode).toBe(200);
    const list = await ops('GET', '/api/ops/tenants');
    const azur = list.json().data.find((x: { id: string }) => x.id === 'azur');
    expect(azur.features).toContainEqual({ feature_id: 'MY_SERVICES', enabled: true, params: null });
  });

  it('refuses a wrong token, a remote caller, an unknown tenant and a bad body', async () => {
    expect((await ops('GET', '/api/ops/tenants', undefined, { authorization: 'Bearer nope' })).statusCode).toBe(403);
    const remote = await t.app.inject({ url: '/api/ops/tenants', remoteAddress: '203.0.113.9', headers: { authorization: `Bearer ${OPERATOR_TOKEN}` } });
    expect(remote.statusCode).toBe(403);
    expect((await ops('POST', '/api/ops/tenants/nope/maintenance', { on: true })).statusCode).toBe(404);
    const bad = await ops('POST', '/api/ops/tenants/mutua/maintenance', { on: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('security headers', () => {
  it('sends a CSP without inline scripts, no framing, nosniff and a referrer policy, and no HSTS over http', async () => {
    const res = await t.app.inject({ url: '/api/heartbeat' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('adds HSTS when the public URL is https', async () => {
    const https = await createTestApp({ env: { PUBLIC_URL: 'https://portail.mutua.example' } });
    try {
      const res = await https.app.inject({ url: '/api/heartbeat' });
      expect(res.headers['strict-transport-security']).toContain('max-age=31536000');
    } finally {
      await https.close();
    }
  });
});
