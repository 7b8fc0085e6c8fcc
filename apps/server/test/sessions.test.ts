import { SESSION_COOKIE } from '@mutua/contracts/auth';
import { VAUTH_COOKIE, XSRF_COOKIE } from '@mutua/contracts/platform';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions } from '../src/db/schema';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import { AuthClient, DEMO_ACCOUNTS, createTestMember, signIn } from './support/auth';

let t: ClockedTestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: 'manual' });
});
afterAll(() => t.close());

const MINUTE = 60_000;

describe('session lifetime', () => {
  it('ends after 30 minutes without a request, clearing the cookies and recording why', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    t.clock.advance(29 * MINUTE);
    expect((await client.get('/api/auth/profile')).statusCode).toBe(200);
    t.clock.advance(29 * MINUTE); // 58 minutes in, but active 29 minutes ago
    expect((await client.get('/api/auth/profile')).statusCode).toBe(200);
    t.clock.advance(30 * MINUTE);
    const expired = await client.get('/api/auth/profile');
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('UNAUTHENTICATED');
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(client.cookies.has(VAUTH_COOKIE)).toBe(false);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.memberId, m.memberId));
    expect(row!.endReason).toBe('IDLE');
    const kinds = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.memberId, m.memberId))).map((e) => e.kind);
    expect(kinds).toContain('SESSION_EXPIRED');
    // The browser got a fresh anonymous token with the 401: it can sign in again straight away.
    expect((await client.login(m.login)).statusCode).toBe(200);
  });

  it('ends 12 hours after it opened, however active', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    for (let elapsed = 0; elapsed < 12 * 60 - 25; elapsed += 25) {
      t.clock.advance(25 * MINUTE);
      expect((await client.get('/api/auth/profile')).statusCode, `${elapsed + 25} min`).toBe(200);
    }
    t.clock.advance(25 * MINUTE);
    expect((await client.get('/api/auth/profile')).statusCode).toBe(401);
    const [row] = await t.database.db.select().from(sessions).where(eq(sessions.memberId, m.memberId));
    expect(row!.endReason).toBe('ABSOLUTE');
  });

  it('refuses the old cookie after logout, even with its own anti-forgery token', async () => {
    const client = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
    const saved = new Map(client.cookies);
    await client.get('/api/auth/logout');
    const cookie = [...saved].map(([k, v]) => `${k}=${v}`).join('; ');
    const get = await t.app.inject({ url: '/api/all-info', headers: { host: 'localhost', cookie } });
    expect(get.statusCode).toBe(401);
    const post = await t.app.inject({
      method: 'POST',
      url: '/api/auth/tutorial/finished',
      headers: { host: 'localhost', cookie, 'x-xsrf-token': saved.get(XSRF_COOKIE)! },
    });
    expect(post.statusCode).toBe(401);
  });

  it('clears a stale vauth cookie that has no session behind it', async () => {
    const res = await t.app.inject({ url: '/api/init', headers: { host: 'localhost', cookie: `${VAUTH_COOKIE}=true` } });
    const vauth = res.cookies.find((c) => c.name === VAUTH_COOKIE);
    expect(vauth?.value).toBe('');
  });

  it('treats a forged session cookie as no session', async () => {
    const res = await t.app.inject({ url: '/api/auth/profile', headers: { host: 'localhost', cookie: `${SESSION_COOKIE}=forged-value` } });
    expect(res.statusCode).toBe(401);
  });

  it('lets two members hold sessions side by side, each ending on its own', async () => {
    const a = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
    const b = await signIn(t, DEMO_ACCOUNTS.julien.loginEmail);
    await a.get('/api/auth/logout');
    expect((await b.get('/api/auth/profile')).statusCode).toBe(200);
  });
});

describe('cookies over HTTPS', () => {
  it('are Secure when the public URL is https', async () => {
    const https = await createTestApp({ clock: 'manual', env: { PUBLIC_URL: 'https://portail.mutua.example' } });
    try {
      const client = await AuthClient.open(https.app);
      const { mfa } = (await client.login(DEMO_ACCOUNTS.camille.membershipNumber)).json().data;
      const { latestCode } = await import('./support/auth');
      const res = await client.post('/api/auth/validate-mfa', { sessionId: mfa.sessionId, code: await latestCode(https, mfa.email) });
      for (const name of [SESSION_COOKIE, VAUTH_COOKIE, XSRF_COOKIE]) expect(res.cookies.find((c) => c.name === name)?.secure, name).toBe(true);
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await https.close();
    }
  });
});
