import { SESSION_COOKIE, ZLoginResponse, ZMfaState, ZProfileResponse } from '@mutua/contracts/auth';
import { VAUTH_COOKIE, XSRF_COOKIE } from '@mutua/contracts/platform';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditEvents, loginAttempts, members, sessions } from '../src/db/schema';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import { AuthClient, DEMO_ACCOUNTS, DEMO_PASSWORD, createTestMember, latestCode, outbox, signIn } from './support/auth';

let t: ClockedTestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: 'manual' });
});
afterAll(() => t.close());

const { camille, julien, lucas, emma, hugo, lea } = DEMO_ACCOUNTS;

async function auditKinds(membershipNumber: string) {
  const [member] = await t.database.db.select({ id: members.id }).from(members).where(eq(members.membershipNumber, membershipNumber));
  const rows = await t.database.db
    .select({ kind: auditEvents.kind })
    .from(auditEvents)
    .where(eq(auditEvents.memberId, member!.id))
    .orderBy(desc(auditEvents.at));
  return rows.map((r) => r.kind);
}

describe('POST /api/auth/login', () => {
  it('answers the MFA state of the spec and mails a 6-digit code to the only address', async () => {
    const client = await AuthClient.open(t.app);
    const res = await client.login(camille.loginEmail);
    expect(res.statusCode).toBe(200);
    const body = ZLoginResponse.parse(res.json());
    const mfa = ZMfaState.parse((body.data as { mfa: unknown }).mfa);
    expect(mfa).toMatchObject({
      email: 'c***d@example.com',
      codeDuration: 10,
      expired: false,
      resendTimeout: 120,
      environmentNoReplyEmail: 'no-reply@mutua.localhost',
    });
    expect(new Date(mfa.expiresAt).getTime() - t.clock.now().getTime()).toBe(10 * 60_000);
    expect(mfa.sessionId.length).toBeGreaterThanOrEqual(43);
    const [mail] = await outbox(t, { to: camille.loginEmail, kind: 'MFA_CODE', limit: 1 });
    expect(mail!.text).toMatch(/^\s+\d{6}$/m);
    expect(mail!.subject).toBe('Votre code de vérification en deux étapes Mutua Santé');
  });

  it('accepts the membership number and the e-mail (any case) as identifiers of the same account', async () => {
    for (const login of [camille.membershipNumber, 'Camille.Durand@EXAMPLE.com', ` ${camille.membershipNumber} `]) {
      const client = await AuthClient.open(t.app);
      const res = await client.login(login);
      expect(res.statusCode, login).toBe(200);
      expect(res.json().data.mfa.email).toBe('c***d@example.com');
    }
  });

  it('answers the two masked addresses when the member has two, then select-email sends the code to the chosen one', async () => {
    const client = await AuthClient.open(t.app);
    const res = await client.login(julien.loginEmail);
    expect(res.statusCode).toBe(200);
    const { sessionId, emails } = res.json().data;
    expect(emails).toEqual(['j***n@example.com', 'j***o@example.org']);
    expect(res.body).not.toContain('julien.martin@');

    const chosen = await client.post('/api/auth/select-email', { sessionId, email: emails[1] });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data.mfa).toMatchObject({ email: 'j***o@example.org', sessionId });
    const code = await latestCode(t, 'j.martin.pro@example.org');
    const ok = await client.post('/api/auth/validate-mfa', { sessionId, code });
    expect(ok.statusCode).toBe(200);
  });

  it('refuses an address that is not in the list, and a second choice on the same attempt', async () => {
    const client = await AuthClient.open(t.app);
    const { sessionId } = (await client.login(julien.loginEmail)).json().data;
    const bad = await client.post('/api/auth/select-email', { sessionId, email: 'attacker@example.com' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    expect((await client.post('/api/auth/select-email', { sessionId, email: 'j***n@example.com' })).statusCode).toBe(200);
    const again = await client.post('/api/auth/select-email', { sessionId, email: 'j***o@example.org' });
    expect(again.json().error.code).toBe('MFA_CODE_UNKNOWN');
  });

  it('answers the same for an unknown identifier and a wrong password', async () => {
    const client = await AuthClient.open(t.app);
    const unknown = await client.login('nobody@example.com');
    const wrong = await client.login(lucas.membershipNumber, 'Wrong-Password-1');
    const odd = await client.login('not an identifier');
    for (const res of [unknown, wrong, odd]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: { code: 'INVALID_CREDENTIALS', message: 'Identifiant ou mot de passe incorrect.' } });
    }
  });

  it('does not let a member of one tenant sign in on the other tenant', async () => {
    const onMutua = await AuthClient.open(t.app);
    expect((await onMutua.login(lea.loginEmail)).json().error.code).toBe('INVALID_CREDENTIALS');
    const onAzur = await AuthClient.open(t.app, { host: 'azur.localhost' });
    const res = await onAzur.login(lea.loginEmail);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.mfa.environmentNoReplyEmail).toBe('no-reply@azur.localhost');
  });

  it('answers ACCOUNT_NOT_ACTIVATED to the right password of an account not activated, INVALID_CREDENTIALS to a wrong one', async () => {
    const client = await AuthClient.open(t.app);
    const right = await client.login(emma.loginEmail);
    expect(right.statusCode).toBe(403);
    expect(right.json().error).toEqual({ code: 'ACCOUNT_NOT_ACTIVATED', message: expect.stringContaining('pas encore activé') });
    expect((await client.login(emma.loginEmail, 'Wrong-Password-1')).json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('answers ACCOUNT_BLOCKED to a blocked account, right password or not', async () => {
    const client = await AuthClient.open(t.app);
    for (const password of [DEMO_PASSWORD, 'Wrong-Password-1']) {
      const res = await client.login(hugo.loginEmail, password);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe('ACCOUNT_BLOCKED');
    }
    expect(await outbox(t, { to: hugo.loginEmail })).toHaveLength(0);
  });

  it('validates its body: grant_type, login, password (French message)', async () => {
    const client = await AuthClient.open(t.app);
    for (const body of [
      {},
      { grant_type: 'CODE', login: 'a', password: 'b' },
      { grant_type: 'PASSWORD', login: '', password: 'b' },
      { grant_type: 'PASSWORD', login: 'a' },
    ]) {
      const res = await client.post('/api/auth/login', body);
      expect(res.statusCode).toBe(400);
      // zod's French messages (the schema has none of its own here).
      expect(res.json().error).toEqual({
        code: 'VALIDATION_FAILED',
        message: expect.stringMatching(/^(Entrée invalide|Trop petit)\u00a0: .* attendu|^Trop petit/),
      });
    }
  });

  it('holds the code step of a member who flagged our mails as spam until spam_cleared', async () => {
    const m = await createTestMember(t);
    await t.database.db.update(accounts).set({ spamBlocked: true }).where(eq(accounts.id, m.accountId!));
    const client = await AuthClient.open(t.app);
    const held = await client.login(m.login);
    expect(held.statusCode).toBe(409);
    expect(held.json().error.code).toBe('SPAM_BLOCKED');
    expect(await outbox(t, { to: m.login })).toHaveLength(0);
    const cleared = await client.login(m.login, DEMO_PASSWORD, true);
    expect(cleared.statusCode).toBe(200);
    expect((await outbox(t, { to: m.login, kind: 'MFA_CODE' })).length).toBe(1);
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, m.accountId!));
    expect(account!.spamBlocked).toBe(false);
  });
});

describe('POST /api/auth/validate-mfa', () => {
  it('opens a session: new random id in an HttpOnly SameSite=Lax cookie, vauth=true, a new XSRF token', async () => {
    const client = await AuthClient.open(t.app);
    const before = client.xsrfToken;
    const { mfa } = (await client.login(camille.loginEmail)).json().data;
    const code = await latestCode(t, mfa.email);
    const res = await client.post('/api/auth/validate-mfa', { sessionId: mfa.sessionId, code });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { authenticated: true } });

    const sid = res.cookies.find((c) => c.name === SESSION_COOKIE)!;
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid.secure).toBeFalsy();
    expect(sid.value).not.toBe(mfa.sessionId);
    expect(Buffer.from(sid.value, 'base64url').length).toBeGreaterThanOrEqual(16);
    const vauth = res.cookies.find((c) => c.name === VAUTH_COOKIE)!;
    expect(vauth).toMatchObject({ value: 'true', path: '/' });
    expect(vauth.httpOnly).toBeFalsy();
    const xsrf = res.cookies.find((c) => c.name === XSRF_COOKIE)!;
    expect(xsrf.value).not.toBe(before);

    // Stored hashed only.
    const stored = await t.database.db.select({ id: sessions.id }).from(sessions);
    expect(stored.map((s) => s.id)).not.toContain(sid.value);

    const profile = await client.get('/api/auth/profile');
    expect(profile.statusCode).toBe(200);
    expect(ZProfileResponse.parse(profile.json()).data).toMatchObject({
      membershipNumber: camille.membershipNumber,
      firstName: 'CAMILLE',
      surName: 'DURAND',
      loginType: 'EMAIL',
      login: camille.loginEmail,
      mustRenewPassword: false,
      isBoAuthentication: false,
    });
    expect(await auditKinds(camille.membershipNumber)).toEqual(expect.arrayContaining(['LOGIN_PASSWORD_OK', 'MFA_CODE_SENT', 'SESSION_OPENED']));
  });

  it('marks the attempt used and records the connection times', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    const [attempt] = await t.database.db.select().from(loginAttempts).where(eq(loginAttempts.memberId, m.memberId));
    expect(attempt!.usedAt).not.toBeNull();
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, m.accountId!));
    expect(account!.lastConnectionAt).not.toBeNull();
    expect(account!.previousConnectionAt).toBeNull();
    expect(account!.firstConnection).toBe(true);
    await client.get('/api/auth/logout');
    await signIn(t, m.login);
    const [again] = await t.database.db.select().from(accounts).where(eq(accounts.id, m.accountId!));
    expect(again!.previousConnectionAt).toEqual(account!.lastConnectionAt);
    expect(again!.firstConnection).toBe(false);
  });

  it('ends the session the browser held before when a new one opens', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    const oldSid = client.cookies.get(SESSION_COOKIE)!;
    const { mfa } = (await client.login(m.login)).json().data;
    const code = await latestCode(t, mfa.email);
    expect((await client.post('/api/auth/validate-mfa', { sessionId: mfa.sessionId, code })).statusCode).toBe(200);
    expect(client.cookies.get(SESSION_COOKIE)).not.toBe(oldSid);
    const replay = await t.app.inject({ url: '/api/auth/profile', headers: { host: 'localhost', cookie: `${SESSION_COOKIE}=${oldSid}` } });
    expect(replay.statusCode).toBe(401);
  });
});

describe('GET /api/auth/logout', () => {
  it('ends the session server-side, clears the cookies and answers the redirect URL in a nested data field', async () => {
    const client = await signIn(t, camille.membershipNumber);
    const sid = client.cookies.get(SESSION_COOKIE)!;
    const res = await client.get('/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { data: { url: null } } });
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
    expect(client.cookies.has(VAUTH_COOKIE)).toBe(false);
    // The old cookie is refused from now on.
    const replay = await t.app.inject({ url: '/api/auth/profile', headers: { host: 'localhost', cookie: `${SESSION_COOKIE}=${sid}` } });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().error.code).toBe('UNAUTHENTICATED');
    expect((await client.get('/api/all-info')).statusCode).toBe(401);
    expect(await auditKinds(camille.membershipNumber)).toContain('LOGOUT');
  });

  it('answers the tenant logout redirect URL of the second tenant, also without a session', async () => {
    const client = await signIn(t, lea.loginEmail, { host: 'azur.localhost' });
    expect((await client.get('/api/auth/logout')).json().data.data.url).toBe('/login?au-revoir=1');
    const anonymous = await AuthClient.open(t.app, { host: 'azur.localhost' });
    expect((await anonymous.get('/api/auth/logout')).json().data.data.url).toBe('/login?au-revoir=1');
  });

  it('lets the same browser sign in again right after logout (fresh anonymous XSRF token)', async () => {
    const client = await signIn(t, camille.membershipNumber);
    await client.get('/api/auth/logout');
    expect((await client.login(camille.membershipNumber)).statusCode).toBe(200);
  });
});

describe('GET /api/auth/profile', () => {
  it('needs a session', async () => {
    const client = await AuthClient.open(t.app);
    const res = await client.get('/api/auth/profile');
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'UNAUTHENTICATED', message: 'Votre session a expiré. Veuillez vous reconnecter.' });
  });

  it('shows each member only their own profile', async () => {
    const a = await signIn(t, camille.membershipNumber);
    const b = await signIn(t, lucas.membershipNumber);
    expect((await a.get('/api/auth/profile')).json().data.membershipNumber).toBe(camille.membershipNumber);
    expect((await b.get('/api/auth/profile')).json().data).toMatchObject({ membershipNumber: lucas.membershipNumber, surName: 'PETIT' });
  });

  it('shows the membership number as the login of an account that signs in with it', async () => {
    const m = await createTestMember(t, { loginEmail: null });
    const client = await signIn(t, m.membershipNumber);
    expect((await client.get('/api/auth/profile')).json().data).toMatchObject({ loginType: 'MEMBERSHIP_NUMBER', login: m.membershipNumber, loginEmail: null });
    // Its contact e-mail is not an identifier.
    expect((await (await AuthClient.open(t.app)).login(m.login)).json().error.code).toBe('INVALID_CREDENTIALS');
  });

  it('refuses a session of one tenant presented on the other tenant host', async () => {
    const a = await signIn(t, camille.membershipNumber);
    const res = await t.app.inject({
      url: '/api/auth/profile',
      headers: { host: 'azur.localhost', cookie: `${SESSION_COOKIE}=${a.cookies.get(SESSION_COOKIE)}` },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ENVIRONMENT_NOT_AUTHORISED');
  });
});
