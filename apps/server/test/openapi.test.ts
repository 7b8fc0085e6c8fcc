import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

it('serves an OpenAPI document generated from the route schemas outside production', async () => {
  const res = await t.app.inject({ url: '/api/docs/json', headers: { host: 'localhost' } });
  expect(res.statusCode).toBe(200);
  const doc = res.json();
  expect(doc.openapi).toMatch(/^3\./);
  expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/init', '/api/heartbeat', '/api/auth/login', '/api/refunds/export']));
  expect(doc.paths['/api/auth/login'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('password');
});

it('has no documentation route in production', async () => {
  const prod = await createTestApp({ env: { NODE_ENV: 'production' } });
  try {
    const res = await prod.app.inject({ url: '/api/docs/json', headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(404);
  } finally {
    await prod.close();
  }
});
