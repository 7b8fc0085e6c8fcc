import { MFA_MAX_ATTEMPTS } from '@mutua/contracts/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditEvents, loginAttempts, tenants, verificationChallenges, verificationCounters } from '../src/db/schema';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import { AuthClient, createTestMember, latestCode, outbox } from './support/auth';

let t: ClockedTestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: 'manual' });
});
afterAll(() => t.close());

const MINUTE = 60_000;

/** A fresh member at the code step: the client, the attempt's sessionId and the mailed code. */
async function atCodeStep() {
  const m = await createTestMember(t);
  const client = await AuthClient.open(t.app);
  const res = await client.login(m.login);
  expect(res.statusCode, res.body).toBe(200);
  const { sessionId } = res.json().data.mfa;
  return { m, client, sessionId: sessionId as string, code: await latestCode(t, m.login) };
}

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('the e-mail code', () => {
  it('is 6 digits, stored only as a keyed hash, and differs from one login to the next', async () => {
    const { m, code } = await atCodeStep();
    expect(code).toMatch(/^\d{6}$/);
    const [attempt] = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.memberId, m.memberId));
    const [challenge] = await t.database.db.select().from(verificationChallenges).where(eq(verificationChallenges.id, attempt!.challengeId!));
    expect(challenge).toMatchObject({ purpose: 'SIGN_IN', channel: 'EMAIL', destination: m.login });
    expect(challenge!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify([attempt, challenge])).not.toContain(code);
    const codes = new Set<string>();
    for (let i = 0; i < 5; i++) {
      const c = await AuthClient.open(t.app);
      await c.login(m.login);
      codes.add(await latestCode(t, m.login));
    }
    expect(codes.size).toBeGreaterThan(1);
  });

  it('works once: a second validation of the same attempt is refused', async () => {
    const { client, sessionId, code } = await atCodeStep();
    expect((await client.post('/api/auth/validate-mfa', { sessionId, code })).statusCode).toBe(200);
    const again = await client.post('/api/auth/validate-mfa', { sessionId, code });
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toEqual({ code: 'MFA_CODE_UNKNOWN', message: 'Code non reconnu. Veuillez générer un nouveau code.' });
  });

  it('is tied to its attempt: the code of one attempt fails on another', async () => {
    const a = await atCodeStep();
    const b = await atCodeStep();
    const res = await b.client.post('/api/auth/validate-mfa', { sessionId: b.sessionId, code: a.code === b.code ? wrongOf(b.code) : a.code });
    expect(res.json().error).toEqual({ code: 'MFA_CODE_WRONG', message: 'Code erroné' });
    expect(res.json().remainingAttempts).toBe(4);
  });

  it('is refused with an unknown sessionId', async () => {
    const { client, code } = await atCodeStep();
    const res = await client.post('/api/auth/validate-mfa', { sessionId: 'x'.repeat(43), code });
    expect(res.json().error.code).toBe('MFA_CODE_UNKNOWN');
  });

  it('expires after codeDuration (10 minutes): Code Expiré', async () => {
    const { client, sessionId, code } = await atCodeStep();
    t.clock.advance(10 * MINUTE + 1000);
    const res = await client.post('/api/auth/validate-mfa', { sessionId, code });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'MFA_CODE_EXPIRED', message: 'Code Expiré' });
  });

  it('follows the tenant setting for its duration and resend timeout', async () => {
    const [azur] = await t.database.db.select().from(tenants).where(eq(tenants.id, 'azur'));
    await t.database.db
      .update(tenants)
      .set({ settings: { ...azur!.settings, mfaCodeDurationMinutes: 3, mfaResendTimeoutSeconds: 30 } })
      .where(eq(tenants.id, 'azur'));
    // Any operator change refreshes the tenant cache.
    await t.app.inject({
      method: 'POST',
      url: '/api/ops/tenants/azur/maintenance',
      remoteAddress: '127.0.0.1',
      headers: { authorization: `Bearer ${t.operatorToken}` },
      payload: { on: false },
    });
    const m = await createTestMember(t, { tenantId: 'azur' });
    const client = await AuthClient.open(t.app, { host: 'azur.localhost' });
    const { mfa } = (await client.login(m.login)).json().data;
    expect(mfa).toMatchObject({ codeDuration: 3, resendTimeout: 30 });
    expect(new Date(mfa.expiresAt).getTime() - t.clock.now().getTime()).toBe(3 * MINUTE);
    const code = await latestCode(t, m.login);
    t.clock.advance(3 * MINUTE + 1);
    expect((await client.post('/api/auth/validate-mfa', { sessionId: mfa.sessionId, code })).json().error.code).toBe('MFA_CODE_EXPIRED');
  });
});

describe('wrong codes', () => {
  it('block the code step for 2 hours at the fifth, even with the right code afterwards and at the next login', async () => {
    const { m, client, sessionId, code } = await atCodeStep();
    const wrong = wrongOf(code);
    for (let i = 1; i < MFA_MAX_ATTEMPTS; i++) {
      const res = await client.post('/api/auth/validate-mfa', { sessionId, code: wrong });
      expect(res.json()).toMatchObject({ error: { code: 'MFA_CODE_WRONG' }, remainingAttempts: MFA_MAX_ATTEMPTS - i });
    }
    const fifth = await client.post('/api/auth/validate-mfa', { sessionId, code: wrong });
    expect(fifth.statusCode).toBe(403);
    expect(fifth.json().error).toEqual({ code: 'MFA_BLOCKED', message: 'Suite à plusieurs codes erronés, votre compte est bloqué pendant 2 heures.' });
    expect((await client.post('/api/auth/validate-mfa', { sessionId, code })).json().error.code).toBe('MFA_BLOCKED');

    const relogin = await client.login(m.login);
    expect(relogin.json().error.code).toBe('MFA_BLOCKED');
    const kinds = (await t.database.db.select().from(auditEvents).where(eq(auditEvents.memberId, m.memberId))).map((e) => e.kind);
    expect(kinds.filter((k) => k === 'MFA_FAILED')).toHaveLength(4);
    expect(kinds).toContain('MFA_BLOCKED');

    t.clock.advance(2 * 60 * MINUTE + 1000);
    const after = await client.login(m.login);
    expect(after.statusCode).toBe(200);
    const fresh = await latestCode(t, m.login);
    expect((await client.post('/api/auth/validate-mfa', { sessionId: after.json().data.mfa.sessionId, code: fresh })).statusCode).toBe(200);
  });

  it('sent concurrently cannot beat the count: 10 at once give 4 wrong and 6 blocked, then even the right code is blocked', async () => {
    const { m, client, sessionId, code } = await atCodeStep();
    const wrong = wrongOf(code);
    const results = await Promise.all(Array.from({ length: 10 }, () => client.post('/api/auth/validate-mfa', { sessionId, code: wrong })));
    const codes = results.map((r) => r.json().error.code).sort();
    expect(codes.filter((c) => c === 'MFA_CODE_WRONG')).toHaveLength(MFA_MAX_ATTEMPTS - 1);
    expect(codes.filter((c) => c === 'MFA_BLOCKED')).toHaveLength(10 - (MFA_MAX_ATTEMPTS - 1));
    const [counter] = await t.database.db
      .select()
      .from(verificationCounters)
      .where(eq(verificationCounters.key, `SIGN_IN:${m.accountId}`));
    expect(counter!.failures).toBe(MFA_MAX_ATTEMPTS);
    expect((await client.post('/api/auth/validate-mfa', { sessionId, code })).json().error.code).toBe('MFA_BLOCKED');
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, m.accountId!));
    expect(account!.mfaBlockedUntil!.getTime() - t.clock.now().getTime()).toBe(2 * 60 * MINUTE);
  });

  it('count across resends: a new code does not give new tries', async () => {
    const { m, client, sessionId, code } = await atCodeStep();
    for (let i = 0; i < 3; i++) await client.post('/api/auth/validate-mfa', { sessionId, code: wrongOf(code) });
    t.clock.advance(121_000);
    expect((await client.post('/api/auth/regenerate-mfa', { sessionId })).statusCode).toBe(200);
    const fresh = await latestCode(t, m.login);
    const res = await client.post('/api/auth/validate-mfa', { sessionId, code: wrongOf(fresh) });
    expect(res.json().remainingAttempts).toBe(1);
  });

  it('reject a malformed code without counting it', async () => {
    const { client, sessionId } = await atCodeStep();
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const res = await client.post('/api/auth/validate-mfa', { sessionId, code });
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    const res = await client.post('/api/auth/validate-mfa', { sessionId, code: '000000' });
    // 000000 may be the real code once in a million; otherwise the first counted try.
    if (res.statusCode !== 200) expect(res.json().remainingAttempts).toBe(4);
  });
});

describe('POST /api/auth/regenerate-mfa', () => {
  it('is refused before resendTimeout, then sends a new code that replaces the old one', async () => {
    const { m, client, sessionId, code } = await atCodeStep();
    const early = await client.post('/api/auth/regenerate-mfa', { sessionId });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ error: { code: 'MFA_RESEND_TOO_SOON' }, resendAvailableAt: expect.any(String) });
    t.clock.advance(119_000);
    expect((await client.post('/api/auth/regenerate-mfa', { sessionId })).json().error.code).toBe('MFA_RESEND_TOO_SOON');
    t.clock.advance(1_000);
    const res = await client.post('/api/auth/regenerate-mfa', { sessionId });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.mfa).toMatchObject({ sessionId, expired: false });
    expect(await outbox(t, { to: m.login, kind: 'MFA_CODE' })).toHaveLength(2);
    const fresh = await latestCode(t, m.login);
    if (fresh !== code) {
      expect((await client.post('/api/auth/validate-mfa', { sessionId, code })).json().error.code).toBe('MFA_CODE_WRONG');
    }
    expect((await client.post('/api/auth/validate-mfa', { sessionId, code: fresh })).statusCode).toBe(200);
  });

  it('gives a new validity to an expired code', async () => {
    const { m, client, sessionId } = await atCodeStep();
    t.clock.advance(11 * MINUTE);
    const res = await client.post('/api/auth/regenerate-mfa', { sessionId });
    expect(res.json().data.mfa.expired).toBe(false);
    expect((await client.post('/api/auth/validate-mfa', { sessionId, code: await latestCode(t, m.login) })).statusCode).toBe(200);
  });

  it('sends once when asked twice at the same time', async () => {
    const { m, client, sessionId } = await atCodeStep();
    t.clock.advance(120_000);
    const [a, b] = await Promise.all([client.post('/api/auth/regenerate-mfa', { sessionId }), client.post('/api/auth/regenerate-mfa', { sessionId })]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 429]);
    expect(await outbox(t, { to: m.login, kind: 'MFA_CODE' })).toHaveLength(2);
  });

  it('refuses an unknown or used attempt', async () => {
    const { client, sessionId, code } = await atCodeStep();
    expect((await client.post('/api/auth/regenerate-mfa', { sessionId: 'y'.repeat(43) })).json().error.code).toBe('MFA_CODE_UNKNOWN');
    await client.post('/api/auth/validate-mfa', { sessionId, code });
    t.clock.advance(120_000);
    expect((await client.post('/api/auth/regenerate-mfa', { sessionId })).json().error.code).toBe('MFA_CODE_UNKNOWN');
  });
});
