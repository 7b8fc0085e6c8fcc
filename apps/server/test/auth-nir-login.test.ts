import { NIR_LOGIN_UNAVAILABLE_MESSAGE, maskNir, nirKey } from '@mutua/contracts/account';
import { PASSWORD_MAX_FAILURES } from '@mutua/contracts/auth';
import { and, eq, sql } from 'drizzle-orm';
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditEvents, beneficiaries, rateLimitCounters, sessions } from '../src/db/schema';
import { AuthClient, createTestMember, outbox, signIn, waitForMail } from './support/auth';
import { setTenantFeature } from './support/ops';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import { setMainInsuredNir } from './support/protected-rows';

/*
 * Where the tenant's NIR_LOGIN toggle is on, a member
 * may choose the main insured's NIR (13 characters and key) as login; the sign-in then accepts it with
 * the same answers and counters as the other identifiers, and the NIR never reaches the audit in clear.
 */

let t: ClockedTestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: 'manual' });
});
afterAll(() => t.close());

const db = () => t.database.db;
const GENERIC = { error: { code: 'INVALID_CREDENTIALS', message: 'Identifiant ou mot de passe incorrect.' } };

const nirLogin = (enabled: boolean) => setTenantFeature(t, 'NIR_LOGIN', enabled);

/** A fresh member whose main insured has a NIR of their own (Corsican department when asked). */
async function memberWithNir(opts: { corsica?: boolean } = {}) {
  const m = await createTestMember(t);
  const order = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const nir = opts.corsica ? `1850${randomInt(1, 10)}2A${order}` : `28001${String(randomInt(10, 96))}${order}`;
  const key = nirKey(nir)!;
  await setMainInsuredNir(db(), m.memberId, nir, key);
  /** « 2 80 01 75 123 456 78 »: the way it is printed on the card. */
  const spaced = `${nir.slice(0, 1)} ${nir.slice(1, 3)} ${nir.slice(3, 5)} ${nir.slice(5, 7)} ${nir.slice(7, 10)} ${nir.slice(10)} ${key}`;
  return { ...m, nir, key, spaced };
}

async function auditText(memberId: string) {
  const rows = await db().select({ details: auditEvents.details }).from(auditEvents).where(eq(auditEvents.memberId, memberId));
  return JSON.stringify(rows);
}

describe('NIR as login identifier', () => {
  it('is neither offered nor accepted where the tenant does not allow it (French 400, unchanged)', async () => {
    expect((await nirLogin(false)).statusCode).toBe(200);
    const m = await memberWithNir();
    const client = await signIn(t, m.login);
    expect((await client.get('/api/personal-info')).json().data).toMatchObject({ nirLoginAllowed: false, loginType: 'EMAIL' });
    for (const body of [{ loginType: 'NIR' }, { login: m.spaced }]) {
      const res = await client.put('/api/auth/login/update', body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: { code: 'VALIDATION_FAILED', message: NIR_LOGIN_UNAVAILABLE_MESSAGE } });
    }
    const [account] = await db().select({ loginType: accounts.loginType }).from(accounts).where(eq(accounts.id, m.accountId!));
    expect(account!.loginType).toBe('EMAIL');
    // Even an account that had chosen it (toggle switched off since) no longer signs in with it.
    await db().update(accounts).set({ loginType: 'NIR', loginEmail: null }).where(eq(accounts.id, m.accountId!));
    expect((await (await AuthClient.open(t.app)).login(m.spaced)).json()).toEqual(GENERIC);
    expect((await (await AuthClient.open(t.app)).login(m.membershipNumber)).statusCode).toBe(200);
  });

  it('is chosen in the personal information, then signs in with spaces, 2A/2B and the same answers as other identifiers', async () => {
    expect((await nirLogin(true)).statusCode).toBe(200);
    for (const corsica of [false, true]) {
      const m = await memberWithNir({ corsica });
      const client = await signIn(t, m.login);
      const info = (await client.get('/api/personal-info')).json().data;
      expect(info).toMatchObject({ nirLoginAllowed: true, nirMasked: maskNir(m.nir, m.key) });

      const chosen = await client.put('/api/auth/login/update', { loginType: 'NIR' });
      expect(chosen.statusCode, chosen.body).toBe(200);
      expect(chosen.json()).toEqual({ data: { loginType: 'NIR', login: maskNir(m.nir, m.key) } });
      expect((await client.get('/api/auth/profile')).json().data).toMatchObject({ loginType: 'NIR', login: maskNir(m.nir, m.key), loginEmail: null });
      expect((await client.get('/api/personal-info')).json().data.loginType).toBe('NIR');

      // The NIR, spaced as on the card or compact (Corsica in lower case too), opens the session.
      await signIn(t, m.spaced);
      await signIn(t, `${m.nir}${m.key}`.toLowerCase());
      // The membership number always works; the former login e-mail no longer does.
      await signIn(t, m.membershipNumber);
      expect((await (await AuthClient.open(t.app)).login(m.login)).json()).toEqual(GENERIC);

      // A wrong key is an unknown identifier: the same generic answer as a wrong password.
      const wrongKey = `${m.nir}${String((Number(m.key) % 97) + 1).padStart(2, '0')}`;
      const anonymous = await AuthClient.open(t.app);
      const answers = [await anonymous.login(wrongKey), await anonymous.login(m.spaced, 'Wrong-Password-1'), await anonymous.login('nobody@example.com')];
      for (const res of answers) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual(GENERIC);
      }
      await db().update(accounts).set({ consecutiveFailures: 0 }).where(eq(accounts.id, m.accountId!));

      // Never in clear in the audit nor in the counters' keys.
      for (const text of [await auditText(m.memberId), JSON.stringify(await db().select({ key: rateLimitCounters.key }).from(rateLimitCounters))]) {
        expect(text).not.toContain(m.nir);
        expect(text).not.toContain(m.nir.slice(5));
      }
      expect(await auditText(m.memberId)).toContain('"loginType":"NIR"');
    }
  });

  it('counts failures against the account and the IP, and blocks the account like the other identifiers', async () => {
    await nirLogin(true);
    const m = await memberWithNir();
    const client = await signIn(t, m.login);
    expect((await client.put('/api/auth/login/update', { login: m.spaced })).json().data.loginType).toBe('NIR');
    const ip = `10.72.${randomInt(0, 255)}.${randomInt(1, 254)}`;
    const anonymous = await AuthClient.open(t.app, { ip });
    for (let i = 1; i < PASSWORD_MAX_FAILURES; i++) expect((await anonymous.login(m.spaced, 'Wrong-Password-1')).json()).toEqual(GENERIC);
    const [before] = await db().select({ failures: accounts.consecutiveFailures }).from(accounts).where(eq(accounts.id, m.accountId!));
    expect(before!.failures).toBe(PASSWORD_MAX_FAILURES - 1);
    expect((await anonymous.login(m.spaced, 'Wrong-Password-1')).json().error.code).toBe('ACCOUNT_BLOCKED');
    // Blocked whatever the identifier and the password.
    expect((await (await AuthClient.open(t.app)).login(`${m.nir}${m.key}`)).json().error.code).toBe('ACCOUNT_BLOCKED');
    expect((await (await AuthClient.open(t.app)).login(m.membershipNumber)).json().error.code).toBe('ACCOUNT_BLOCKED');
    const [counter] = await db()
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `ip-fail:${ip}`));
    expect(counter!.hits).toBe(PASSWORD_MAX_FAILURES);
    // A wrong key is counted as an unknown identifier (hashed key) and against the IP too.
    const wrongKey = `${m.nir}${String((Number(m.key) % 97) + 1).padStart(2, '0')}`;
    expect((await anonymous.login(wrongKey)).json()).toEqual(GENERIC);
    const [after] = await db()
      .select()
      .from(rateLimitCounters)
      .where(eq(rateLimitCounters.key, `ip-fail:${ip}`));
    expect(after!.hits).toBe(PASSWORD_MAX_FAILURES + 1);
  });

  it('lets a member who signs in with the NIR ask for a password reset with it', async () => {
    await nirLogin(true);
    const m = await memberWithNir();
    expect((await (await signIn(t, m.login)).put('/api/auth/login/update', { loginType: 'NIR' })).statusCode).toBe(200);
    const client = await AuthClient.open(t.app);
    const wrongKey = `${m.nir}${String((Number(m.key) % 97) + 1).padStart(2, '0')}`;
    expect((await client.post('/api/auth/login/forgot-password', { login: wrongKey, socialSecurityNumber: m.nir })).json()).toEqual({ data: { sent: true } });
    expect((await client.post('/api/auth/login/forgot-password', { login: m.spaced, socialSecurityNumber: m.nir })).json()).toEqual({ data: { sent: true } });
    await waitForMail(t, { to: m.login, kind: 'PASSWORD_RESET_LINK' });
    expect(await outbox(t, { to: m.login, kind: 'PASSWORD_RESET_LINK' })).toHaveLength(1);
  });

  it('refuses someone else’s NIR, a NIR already another account’s login, a member without a valid NIR, and read-only sessions', async () => {
    await nirLogin(true);
    const a = await memberWithNir();
    const b = await memberWithNir();
    const client = await signIn(t, b.login);
    expect((await client.put('/api/auth/login/update', { login: a.spaced })).json().error.code).toBe('LOGIN_NOT_OWNED');

    // Same NIR on two memberships: the first to choose it keeps it, the second is refused.
    await setMainInsuredNir(db(), b.memberId, a.nir, a.key);
    expect((await (await signIn(t, a.login)).put('/api/auth/login/update', { loginType: 'NIR' })).statusCode).toBe(200);
    const clash = await client.put('/api/auth/login/update', { loginType: 'NIR' });
    expect(clash.statusCode).toBe(400);
    expect(clash.json().error.message).toBe(NIR_LOGIN_UNAVAILABLE_MESSAGE);
    await signIn(t, a.spaced);

    // A NIR whose key does not match is not offered, and refused.
    await db()
      .update(beneficiaries)
      .set({ nirKey: '00' })
      .where(and(eq(beneficiaries.memberId, b.memberId), eq(beneficiaries.rank, 'MAIN')));
    expect((await client.get('/api/personal-info')).json().data.nirLoginAllowed).toBe(false);
    expect((await client.put('/api/auth/login/update', { loginType: 'NIR' })).json().error.message).toBe(NIR_LOGIN_UNAVAILABLE_MESSAGE);
    expect((await client.put('/api/auth/login/update', { loginType: 'SSN' })).json().error.code).toBe('VALIDATION_FAILED');

    // Read-only staff session: refused, unchanged.
    const c = await memberWithNir();
    const staffView = await signIn(t, c.login);
    await db().update(sessions).set({ isBoAuthentication: true }).where(eq(sessions.memberId, c.memberId));
    expect((await staffView.put('/api/auth/login/update', { loginType: 'NIR' })).statusCode).toBe(403);
    const [account] = await db().select({ loginType: accounts.loginType }).from(accounts).where(eq(accounts.id, c.accountId!));
    expect(account!.loginType).toBe('EMAIL');
    expect(
      (
        await db()
          .select({ n: sql<number>`count(*)::int` })
          .from(auditEvents)
          .where(and(eq(auditEvents.memberId, c.memberId), eq(auditEvents.kind, 'LOGIN_CHANGED')))
      )[0]!.n,
    ).toBe(0);
  });
});
