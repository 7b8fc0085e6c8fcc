import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions } from '../src/db/schema';
import { ACCESS_LEVELS, READ_ONLY_WRITE_REFUSED } from '../src/plugins/access';
import { createTestMember, signIn } from './support/auth';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const routes = () => t.app.routeAccess().filter((r) => r.method !== 'HEAD' && r.method !== 'OPTIONS');
/** A concrete URL for a route pattern: any uuid for its parameters. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, '00000000-0000-4000-8000-000000000000');

describe('access levels', () => {
  it('are declared by every registered route, state-changing ones included', () => {
    const list = routes();
    expect(list.length).toBeGreaterThan(30);
    const undeclared = list.filter((r) => !ACCESS_LEVELS.includes(r.access)).map((r) => `${r.method} ${r.url}`);
    expect(undeclared).toEqual([]);
    expect(list.filter((r) => UNSAFE.has(r.method) && !r.access)).toEqual([]);
  });

  it('mark the account changes of the gates as member writes', () => {
    const writes = routes()
      .filter((r) => r.access === 'member-write')
      .map((r) => `${r.method} ${r.url}`);
    expect(writes).toEqual(
      expect.arrayContaining([
        'PUT /api/auth/password',
        'PUT /api/auth/login/update',
        'POST /api/auth/personal-info/validate',
        'POST /api/auth/legal-pages/accept',
        'POST /api/auth/tutorial/finished',
        'POST /api/requests/messages',
        'POST /api/requests/:requestId/messages',
      ]),
    );
    expect(routes().every((r) => r.access !== 'member-write' || UNSAFE.has(r.method))).toBe(true);
  });

  it('refuse every member write to a read-only staff session: 403 and an audit row, nothing changed', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    await t.database.db.update(sessions).set({ isBoAuthentication: true }).where(eq(sessions.memberId, m.memberId));
    const writes = routes().filter((r) => r.access === 'member-write');
    for (const route of writes) {
      const res = await client.request(route.method as 'POST', concrete(route.url), {});
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
    const rows = await t.database.db
      .select({ details: auditEvents.details })
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, READ_ONLY_WRITE_REFUSED), eq(auditEvents.memberId, m.memberId)));
    // Fastify answers a prefix's '/' route with and without the slash: one route, audited under one name.
    const name = (method: string, url: string) => `${method} ${url.replace(/\/$/, '')}`;
    const audited = rows.map((r) => r.details as { method: string; route: string }).map((d) => name(d.method, d.route));
    expect(new Set(audited)).toEqual(new Set(writes.map((r) => name(r.method, r.url))));
    expect(audited).toHaveLength(writes.length);
    // Reading stays open to it.
    expect((await client.get('/api/all-info')).statusCode).toBe(200);
    expect((await client.get('/api/auth/profile')).statusCode).toBe(200);
  });

  it('keep staff routes to the staff origin with a staff session: 404 on a tenant host, 401 without one', async () => {
    const staffRoutes = routes().filter((r) => r.access === 'staff');
    expect(staffRoutes.length).toBeGreaterThan(5);
    const member = await signIn(t, (await createTestMember(t)).login);
    for (const route of staffRoutes) {
      const url = concrete(route.url);
      expect((await member.request(route.method as 'GET', url, {})).statusCode, `${route.method} ${route.url} on a tenant host`).toBe(404);
      const onStaff = await t.app.inject({ method: route.method as 'GET', url, headers: { host: 'gestion.localhost' } });
      expect(onStaff.statusCode, `${route.method} ${route.url} on the staff host`).toBe(401);
    }
  });

  it('keep the operator API for the bearer token, and debug tools out of production', async () => {
    expect((await t.app.inject({ url: '/api/ops/tenants', remoteAddress: '127.0.0.1' })).statusCode).toBe(403);
    const ok = await t.app.inject({ url: '/api/ops/tenants', remoteAddress: '127.0.0.1', headers: { authorization: `Bearer ${t.operatorToken}` } });
    expect(ok.statusCode).toBe(200);
    const prod = await createTestApp({ env: { NODE_ENV: 'production' } });
    try {
      expect(prod.app.routeAccess().filter((r) => r.access === 'debug')).toEqual([]);
    } finally {
      await prod.close();
    }
  });
});
