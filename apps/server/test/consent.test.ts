import { CONSENT_COOKIE, CONSENT_VALIDITY_DAYS, ZConsentStateResponse } from '@mutua/contracts/consent';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions } from '../src/db/schema';
import { cookieConsents } from '../src/modules/consent/schema';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import { AuthClient, createTestMember, signIn } from './support/auth';

let t: ClockedTestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: 'manual', start: new Date('2026-11-23T10:00:00Z') });
});
afterAll(() => t.close());

const state = async (client: AuthClient) => {
  const res = await client.get('/api/consent');
  expect(res.statusCode, res.body).toBe(200);
  return ZConsentStateResponse.parse(res.json()).data;
};
const rowsOf = (visitorId: string) => t.database.db.select().from(cookieConsents).where(eq(cookieConsents.visitorId, visitorId));

describe('cookie consent', () => {
  it('signed out: no choice yet, accept, then withdraw; every choice is kept, the latest counts', async () => {
    const visitor = await AuthClient.open(t.app);
    expect(await state(visitor)).toEqual({ choice: null, backOffice: false });

    const accepted = await visitor.post('/api/consent', { analytics: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const cookie = accepted.cookies.find((c) => c.name === CONSENT_COOKIE)!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(cookie.maxAge).toBeGreaterThan(CONSENT_VALIDITY_DAYS * 86_400);
    expect((await state(visitor)).choice).toEqual({ analytics: true, decidedAt: '2026-11-23T10:00:00.000Z' });

    t.clock.advance(60_000);
    expect((await visitor.post('/api/consent', { analytics: false })).statusCode).toBe(200);
    expect((await state(visitor)).choice?.analytics).toBe(false);
    const rows = await rowsOf(visitor.cookies.get(CONSENT_COOKIE)!);
    expect(rows.map((r) => r.analytics)).toEqual([true, false]);
    expect(rows.every((r) => r.accountId === null && r.tenantId === 'mutua')).toBe(true);

    // Another browser has its own choice; a forged visitor id is ignored.
    expect((await state(await AuthClient.open(t.app))).choice).toBeNull();
    const forged = await AuthClient.open(t.app);
    forged.cookies.set(CONSENT_COOKIE, 'not-a-uuid');
    expect((await state(forged)).choice).toBeNull();
  });

  it('asks again once the choice is older than the validity', async () => {
    const visitor = await AuthClient.open(t.app);
    await visitor.post('/api/consent', { analytics: true });
    t.clock.advance((CONSENT_VALIDITY_DAYS - 1) * 86_400_000);
    expect((await state(visitor)).choice?.analytics).toBe(true);
    t.clock.advance(2 * 86_400_000);
    expect((await state(visitor)).choice).toBeNull();
  });

  it('signed in: the choice records the account', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    expect((await client.post('/api/consent', { analytics: true })).statusCode).toBe(200);
    const [row] = await rowsOf(client.cookies.get(CONSENT_COOKIE)!);
    expect(row!.accountId).toBe(m.accountId);
  });

  it('refuses a bad body with a French message, storing nothing', async () => {
    const visitor = await AuthClient.open(t.app);
    for (const body of [{}, { analytics: 'yes' }, { analytics: null }]) {
      const res = await visitor.post('/api/consent', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain('Indiquez si vous acceptez la mesure d’audience.');
    }
    expect(visitor.cookies.has(CONSENT_COOKIE)).toBe(false);
  });

  it('a back-office session: backOffice true, no choice shown, none recorded', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    await client.post('/api/consent', { analytics: true });
    await t.database.db.update(sessions).set({ isBoAuthentication: true }).where(eq(sessions.memberId, m.memberId!));
    expect(await state(client)).toEqual({ choice: null, backOffice: true });
    const refused = await client.post('/api/consent', { analytics: false });
    expect(refused.statusCode).toBe(403);
    expect((await rowsOf(client.cookies.get(CONSENT_COOKIE)!)).map((r) => r.analytics)).toEqual([true]);
  });
});
