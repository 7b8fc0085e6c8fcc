// Long because it covers the account's whole life (activation, forgotten login and password, changes, lockouts) with its attacks.
import { SESSION_COOKIE } from '@mutua/contracts/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditEvents, contacts, contracts, legalPageAcceptances, legalPages, members, oneTimeTokens } from '../src/db/schema';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import {
  AuthClient,
  DEMO_ACCOUNTS,
  DEMO_MEMBER_WITHOUT_ACCOUNT,
  DEMO_PASSWORD,
  createTestMember,
  latestCode,
  linkIn,
  outbox,
  signIn,
  waitForMail,
} from './support/auth';

let t: ClockedTestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: 'manual' });
});
afterAll(() => t.close());

const MINUTE = 60_000;
const NEW_PASSWORD = 'Autre-Secret-2027?';
const db = () => t.database.db;

async function kindsOf(memberId: string) {
  return (await db().select({ kind: auditEvents.kind }).from(auditEvents).where(eq(auditEvents.memberId, memberId))).map((r) => r.kind);
}

describe('create-account', () => {
  const ines = DEMO_MEMBER_WITHOUT_ACCOUNT;
  const identity = { membershipNumber: ines.membershipNumber, surName: 'Dupont', birthDate: ines.birthDate };

  it('checks who the member is before anything is sent', async () => {
    const client = await AuthClient.open(t.app);
    const cases: [object, number, string][] = [
      [{ ...identity, membershipNumber: '99999999' }, 400, 'IDENTIFIERS_NOT_RECOGNISED'],
      [{ ...identity, birthDate: '1991-10-04' }, 400, 'IDENTIFIERS_NOT_RECOGNISED'],
      [{ ...identity, surName: 'Durand' }, 400, 'NAME_CHECK_FAILED'],
      [{ membershipNumber: DEMO_ACCOUNTS.camille.membershipNumber, surName: 'durand', birthDate: '1986-04-12' }, 409, 'ACCOUNT_ALREADY_CREATED'],
      [{ ...identity, membershipNumber: '1234' }, 400, 'VALIDATION_FAILED'],
      [{ ...identity, birthDate: '03/10/1991' }, 400, 'VALIDATION_FAILED'],
    ];
    for (const [body, status, code] of cases) {
      const res = await client.post('/api/auth/login/create-account-validation', body);
      expect(res.statusCode, code).toBe(status);
      expect(res.json().error.code).toBe(code);
    }
    expect(await outbox(t, { to: ines.email })).toHaveLength(0);
    const ok = await client.post('/api/auth/login/create-account-validation', { ...identity, surName: ' dupont ' });
    expect(ok.json()).toEqual({ data: { email: 'i***t@example.com' } });
    expect(await outbox(t, { to: ines.email })).toHaveLength(0);
  });

  it('refuses a member whose contract is not in force yet, and one without an e-mail address', async () => {
    const future = await createTestMember(t, { account: false });
    await db().update(contracts).set({ incomingDate: '2099-01-01' }).where(eq(contracts.memberId, future.memberId));
    const noMail = await createTestMember(t, { account: false, emails: [] });
    const client = await AuthClient.open(t.app);
    const a = await client.post('/api/auth/login/create-account', {
      membershipNumber: future.membershipNumber,
      surName: future.surName,
      birthDate: future.birthDate,
    });
    expect(a.json().error.code).toBe('UNAFFILIATED_ACCOUNT');
    const b = await client.post('/api/auth/login/create-account', {
      membershipNumber: noMail.membershipNumber,
      surName: noMail.surName,
      birthDate: noMail.birthDate,
    });
    expect(b.json().error.code).toBe('EMPTY_RESPONSE');
  });

  it('mails a link; the final step sets identifier and password; the member then signs in (first connection)', async () => {
    const client = await AuthClient.open(t.app);
    const sent = await client.post('/api/auth/login/create-account', identity);
    expect(sent.statusCode).toBe(200);
    expect((await client.post('/api/auth/login/create-account', identity)).json().error.code).toBe('MAIL_ALREADY_SENT');
    const mail = await waitForMail(t, { to: ines.email, kind: 'CREATE_ACCOUNT_LINK' });
    expect(mail!.subject).toBe('Créez votre espace adhérent Mutua Santé');
    expect(mail!.html).toContain('#1c4fd8');
    const { url, token } = linkIn(mail!);
    expect(url).toBe(`http://localhost/login/create-account-final-step/${token}`);
    const [stored] = await db().select().from(oneTimeTokens).where(eq(oneTimeTokens.kind, 'CREATE_ACCOUNT'));
    expect(stored!.id).not.toBe(token);

    const logins = await client.get(`/api/auth/login/get-logins?token=${token}`);
    expect(logins.json()).toEqual({
      data: {
        firstName: 'INÈS',
        membershipNumber: ines.membershipNumber,
        logins: [
          { type: 'EMAIL', value: ines.email },
          { type: 'MEMBERSHIP_NUMBER', value: ines.membershipNumber },
        ],
      },
    });
    expect((await client.get('/api/auth/login/get-logins?token=' + 'z'.repeat(43))).json().error.code).toBe('USER_NOT_IDENTIFIED');

    const weak = await client.post('/api/auth/login/create-account-final-step', { token, loginType: 'EMAIL', password: 'trop-faible' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error.code).toBe('PASSWORD_POLICY');
    const done = await client.post('/api/auth/login/create-account-final-step', { token, loginType: 'EMAIL', password: NEW_PASSWORD });
    expect(done.json()).toEqual({ data: { login: ines.email } });
    const reused = await client.post('/api/auth/login/create-account-final-step', { token, loginType: 'EMAIL', password: NEW_PASSWORD });
    expect(reused.statusCode).toBe(410);
    expect(reused.json().error.code).toBe('LINK_EXPIRED');
    const again = await client.post('/api/auth/login/create-account-validation', identity);
    expect(again.json().error.code).toBe('ACCOUNT_ALREADY_CREATED');

    const member = await signIn(t, ines.email, { password: NEW_PASSWORD });
    const info = (await member.get('/api/all-info')).json().data.insured;
    expect(info).toMatchObject({ firstConnection: true, finishedTutorial: false, validatedLegalPages: false, lastConnection: null });
  });

  it('refuses an expired link (24 hours)', async () => {
    const m = await createTestMember(t, { account: false });
    const client = await AuthClient.open(t.app);
    await client.post('/api/auth/login/create-account', { membershipNumber: m.membershipNumber, surName: m.surName, birthDate: m.birthDate });
    const { token } = linkIn(await waitForMail(t, { to: m.login, kind: 'CREATE_ACCOUNT_LINK' }));
    t.clock.advance(24 * 60 * MINUTE + 1000);
    const res = await client.post('/api/auth/login/create-account-final-step', { token, loginType: 'MEMBERSHIP_NUMBER', password: NEW_PASSWORD });
    expect(res.statusCode).toBe(410);
    expect(res.json().error.code).toBe('LINK_EXPIRED');
    expect(await db().select().from(accounts).where(eq(accounts.memberId, m.memberId))).toHaveLength(0);
  });

  it('keeps the link usable when the e-mail is already another account login', async () => {
    const m = await createTestMember(t, { account: false, emails: [DEMO_ACCOUNTS.camille.loginEmail] });
    const client = await AuthClient.open(t.app);
    await client.post('/api/auth/login/create-account', { membershipNumber: m.membershipNumber, surName: m.surName, birthDate: m.birthDate });
    const { token } = linkIn(await waitForMail(t, { to: DEMO_ACCOUNTS.camille.loginEmail, kind: 'CREATE_ACCOUNT_LINK' }));
    const clash = await client.post('/api/auth/login/create-account-final-step', { token, loginType: 'EMAIL', password: NEW_PASSWORD });
    expect(clash.json().error.code).toBe('LOGIN_EMAIL_ALREADY_USED');
    const ok = await client.post('/api/auth/login/create-account-final-step', { token, loginType: 'MEMBERSHIP_NUMBER', password: NEW_PASSWORD });
    expect(ok.json()).toEqual({ data: { login: m.membershipNumber } });
  });
});

describe('activate-account (affiliation)', () => {
  it('activates an account with its password, then goes on to the code step', async () => {
    const m = await createTestMember(t, { status: 'NOT_ACTIVATED' });
    const client = await AuthClient.open(t.app);
    expect((await client.login(m.login)).json().error.code).toBe('ACCOUNT_NOT_ACTIVATED');
    const wrong = await client.post('/api/auth/activate-account/affiliation', { grant_type: 'PASSWORD', login: m.login, password: 'Wrong-Password-1' });
    expect(wrong.json().error.code).toBe('INVALID_CREDENTIALS');
    const res = await client.post('/api/auth/activate-account/affiliation', { grant_type: 'PASSWORD', login: m.login, password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    const { mfa } = res.json().data;
    expect((await client.post('/api/auth/validate-mfa', { sessionId: mfa.sessionId, code: await latestCode(t, m.login) })).statusCode).toBe(200);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, m.accountId!));
    expect(account!.status).toBe('ACTIVE');
    expect(await kindsOf(m.memberId)).toContain('ACCOUNT_ACTIVATED');
    const again = await client.post('/api/auth/activate-account/affiliation', { grant_type: 'PASSWORD', login: m.login, password: DEMO_PASSWORD });
    expect(again.json().error.code).toBe('ACCOUNT_ALREADY_CREATED');
  });

  it('waits for a contract in force (affiliation not finalised)', async () => {
    const m = await createTestMember(t, { status: 'NOT_ACTIVATED' });
    await db().update(contracts).set({ incomingDate: '2099-01-01' }).where(eq(contracts.memberId, m.memberId));
    const client = await AuthClient.open(t.app);
    const res = await client.post('/api/auth/activate-account/affiliation', { grant_type: 'PASSWORD', login: m.login, password: DEMO_PASSWORD });
    expect(res.json().error.code).toBe('UNAFFILIATED_ACCOUNT');
    const [account] = await db().select().from(accounts).where(eq(accounts.id, m.accountId!));
    expect(account!.status).toBe('NOT_ACTIVATED');
  });
});

describe('forgot-login', () => {
  it('mails the identifiers to a member with an account, the create-account link to one without', async () => {
    const client = await AuthClient.open(t.app);
    expect((await client.post('/api/auth/login/forgot-login', { email: 'Hugo.Leroy@example.com' })).json()).toEqual({ data: { sent: true } });
    const mail = await waitForMail(t, { to: DEMO_ACCOUNTS.hugo.loginEmail, kind: 'FORGOTTEN_LOGIN' });
    expect(mail.subject).toBe('Votre identifiant Mutua Santé');
    expect(mail.text).toContain(DEMO_ACCOUNTS.hugo.membershipNumber);
    expect(mail.text).toContain('hugo.leroy@example.com');
    expect(mail.text).toContain('http://localhost/login');

    const m = await createTestMember(t, { account: false });
    await client.post('/api/auth/login/forgot-login', { email: m.login });
    const invite = await waitForMail(t, { to: m.login, kind: 'FORGOTTEN_LOGIN' });
    expect(invite.text).toContain('/login/create-account');
  });

  it('answers MAIL_ALREADY_SENT to the same request within 5 minutes, known or not', async () => {
    const client = await AuthClient.open(t.app);
    for (const email of ['lucas.petit@example.com', 'ghost.forgot@example.com']) {
      expect((await client.post('/api/auth/login/forgot-login', { email })).statusCode).toBe(200);
      const again = await client.post('/api/auth/login/forgot-login', { email });
      expect(again.statusCode).toBe(429);
      expect(again.json().error.code).toBe('MAIL_ALREADY_SENT');
    }
    t.clock.advance(5 * MINUTE + 1000);
    expect((await client.post('/api/auth/login/forgot-login', { email: 'ghost.forgot@example.com' })).statusCode).toBe(200);
  });

  it('validates the address', async () => {
    const client = await AuthClient.open(t.app);
    expect((await client.post('/api/auth/login/forgot-login', { email: 'pas-une-adresse' })).json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('forgot-password', () => {
  it('mails a reset link for the right identifier and social security number; nothing otherwise; same answer', async () => {
    const m = await createTestMember(t);
    const client = await AuthClient.open(t.app);
    const wrongPair = await client.post('/api/auth/login/forgot-password', { login: m.login, socialSecurityNumber: '1800175056999' });
    expect(wrongPair.json()).toEqual({ data: { sent: true } });
    const right = await client.post('/api/auth/login/forgot-password', {
      login: m.membershipNumber,
      socialSecurityNumber: `${m.nir.slice(0, 1)} ${m.nir.slice(1)} 11`,
    });
    expect(right.json()).toEqual({ data: { sent: true } });
    const mail = await waitForMail(t, { to: m.login, kind: 'PASSWORD_RESET_LINK' });
    expect(await outbox(t, { to: m.login, kind: 'PASSWORD_RESET_LINK' })).toHaveLength(1);
    expect(mail.text).toContain('60 minutes');
    expect(linkIn(mail).url).toMatch(/^http:\/\/localhost\/login\/forgot-password\/[\w-]{43}$/);
  });

  it('resets the password once with the link: old password refused, sessions ended, lock lifted, notice mailed', async () => {
    const m = await createTestMember(t);
    const session = await signIn(t, m.login);
    const client = await AuthClient.open(t.app);
    for (let i = 0; i < 5; i++) await client.login(m.login, 'Wrong-Password-1');
    expect((await client.login(m.login)).json().error.code).toBe('ACCOUNT_BLOCKED');

    await client.post('/api/auth/login/forgot-password', { login: m.login, socialSecurityNumber: m.nir });
    const { token } = linkIn(await waitForMail(t, { to: m.login, kind: 'PASSWORD_RESET_LINK' }));
    const check = await client.get(`/api/auth/login/forgot-password/reset-validation?token=${token}`);
    expect(check.json()).toEqual({ data: { valid: true, expiresAt: new Date(t.clock.now().getTime() + 60 * MINUTE).toISOString() } });

    const weak = await client.post('/api/auth/login/forgot-password/reset-validation', { token, password: 'password' });
    expect(weak.json().error.code).toBe('PASSWORD_POLICY');
    const ok = await client.post('/api/auth/login/forgot-password/reset-validation', { token, password: NEW_PASSWORD });
    expect(ok.json()).toEqual({ data: { ok: true } });
    const twice = await client.post('/api/auth/login/forgot-password/reset-validation', { token, password: NEW_PASSWORD });
    expect(twice.statusCode).toBe(410);
    expect(twice.json().error).toEqual({ code: 'LINK_EXPIRED', message: 'Ce lien a expiré. Veuillez faire une nouvelle demande.' });

    expect((await session.get('/api/auth/profile')).statusCode).toBe(401);
    expect((await client.login(m.login)).json().error.code).toBe('INVALID_CREDENTIALS');
    expect((await client.login(m.login, NEW_PASSWORD)).statusCode).toBe(200);
    const notice = await waitForMail(t, { to: m.login, kind: 'PASSWORD_CHANGED' });
    expect(notice.subject).toBe('Votre mot de passe Mutua Santé a été modifié');
    expect(await kindsOf(m.memberId)).toEqual(expect.arrayContaining(['PASSWORD_RESET']));
  });

  it('refuses a link after 60 minutes, and an older link once a newer one is issued', async () => {
    const m = await createTestMember(t);
    const client = await AuthClient.open(t.app);
    await client.post('/api/auth/login/forgot-password', { login: m.login, socialSecurityNumber: m.nir });
    const first = linkIn(await waitForMail(t, { to: m.login, kind: 'PASSWORD_RESET_LINK' })).token;
    t.clock.advance(5 * MINUTE + 1000);
    await client.post('/api/auth/login/forgot-password', { login: m.login, socialSecurityNumber: m.nir });
    await expect.poll(async () => (await outbox(t, { to: m.login, kind: 'PASSWORD_RESET_LINK' })).length).toBe(2);
    const second = linkIn((await outbox(t, { to: m.login, kind: 'PASSWORD_RESET_LINK' }))[0]!).token;
    expect(second).not.toBe(first);
    expect((await client.get(`/api/auth/login/forgot-password/reset-validation?token=${first}`)).json().error.code).toBe('LINK_EXPIRED');
    t.clock.advance(60 * MINUTE + 1000);
    expect((await client.get(`/api/auth/login/forgot-password/reset-validation?token=${second}`)).json().error.code).toBe('LINK_EXPIRED');
    expect((await client.post('/api/auth/login/forgot-password/reset-validation', { token: second, password: NEW_PASSWORD })).json().error.code).toBe(
      'LINK_EXPIRED',
    );
  });
});

describe('PUT /api/auth/password (renewal)', () => {
  it('changes the password with the current one; other sessions end; this one stays', async () => {
    const m = await createTestMember(t);
    await db().update(accounts).set({ mustRenewPassword: true }).where(eq(accounts.id, m.accountId!));
    const other = await signIn(t, m.login);
    const client = await signIn(t, m.login);
    expect((await client.get('/api/all-info')).json().data.insured).toMatchObject({ showPopupPasswordValidity: true, mustRenewPassword: true });

    const cases: [object, string][] = [
      [{ currentPassword: 'Wrong-Password-1', newPassword: NEW_PASSWORD }, 'CURRENT_PASSWORD_WRONG'],
      [{ currentPassword: DEMO_PASSWORD, newPassword: 'court1A' }, 'PASSWORD_POLICY'],
      [{ currentPassword: DEMO_PASSWORD, newPassword: 'Avec-espace 2026' }, 'PASSWORD_POLICY'],
      [{ currentPassword: DEMO_PASSWORD, newPassword: DEMO_PASSWORD }, 'PASSWORD_REUSED'],
    ];
    for (const [body, code] of cases) {
      const res = await client.put('/api/auth/password', body);
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error.code).toBe(code);
    }
    const ok = await client.put('/api/auth/password', { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD });
    expect(ok.json()).toEqual({ data: { ok: true } });
    expect((await client.get('/api/all-info')).json().data.insured).toMatchObject({ showPopupPasswordValidity: false, mustRenewPassword: false });
    expect((await other.get('/api/auth/profile')).statusCode).toBe(401);
    await waitForMail(t, { to: m.login, kind: 'PASSWORD_CHANGED' });
    expect(await kindsOf(m.memberId)).toEqual(expect.arrayContaining(['PASSWORD_CHANGE_FAILED', 'PASSWORD_CHANGED']));
    const anonymous = await AuthClient.open(t.app);
    expect((await anonymous.put('/api/auth/password', { currentPassword: DEMO_PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(401);
  });

  it('accepts a 64-character password and more', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    const long = `Aa1-${'x'.repeat(60)}`;
    expect(long).toHaveLength(64);
    expect((await client.put('/api/auth/password', { currentPassword: DEMO_PASSWORD, newPassword: long })).statusCode).toBe(200);
    await signIn(t, m.login, { password: long });
  });

  it('shows the validity popup when the password is more than a year old', async () => {
    const m = await createTestMember(t);
    await db()
      .update(accounts)
      .set({ passwordChangedAt: new Date(t.clock.now().getTime() - 366 * 24 * 60 * MINUTE) })
      .where(eq(accounts.id, m.accountId!));
    const client = await signIn(t, m.login);
    expect((await client.get('/api/all-info')).json().data.insured).toMatchObject({ showPopupPasswordValidity: true, mustRenewPassword: false });
  });
});

describe('PUT /api/auth/login/update', () => {
  it('switches between the membership number and one of the own e-mail addresses', async () => {
    const m = await createTestMember(t, { emails: ['first.addr@example.net', 'Second.Addr@example.net'] });
    const client = await signIn(t, m.login, { email: 'first.addr@example.net' });
    const toNumber = await client.put('/api/auth/login/update', { login: m.membershipNumber });
    expect(toNumber.json()).toEqual({ data: { loginType: 'MEMBERSHIP_NUMBER', login: m.membershipNumber } });
    expect((await (await AuthClient.open(t.app)).login('first.addr@example.net')).json().error.code).toBe('INVALID_CREDENTIALS');
    const toSecond = await client.put('/api/auth/login/update', { login: 'second.addr@example.net' });
    expect(toSecond.json()).toEqual({ data: { loginType: 'EMAIL', login: 'second.addr@example.net' } });
    expect((await (await AuthClient.open(t.app)).login('SECOND.addr@example.net')).statusCode).toBe(200);
    expect(await kindsOf(m.memberId)).toContain('LOGIN_CHANGED');
  });

  it('refuses someone else’s address or number, and an address that is another account login (unchanged)', async () => {
    const m = await createTestMember(t, { emails: ['mine@example.net', DEMO_ACCOUNTS.julien.loginEmail] });
    const client = await signIn(t, m.login, { email: 'mine@example.net' });
    expect((await client.put('/api/auth/login/update', { login: DEMO_ACCOUNTS.camille.membershipNumber })).json().error.code).toBe('LOGIN_NOT_OWNED');
    expect((await client.put('/api/auth/login/update', { login: 'stranger@example.net' })).json().error.code).toBe('LOGIN_NOT_OWNED');
    const clash = await client.put('/api/auth/login/update', { login: DEMO_ACCOUNTS.julien.loginEmail });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.code).toBe('LOGIN_EMAIL_ALREADY_USED');
    expect((await client.get('/api/auth/profile')).json().data.login).toBe('mine@example.net');
    expect((await client.put('/api/auth/login/update', { login: 'nope' })).json().error.code).toBe('VALIDATION_FAILED');
  });
});

describe('gates after login', () => {
  it('legal pages: the acceptance is stored with the page version and time, then all-info says validated', async () => {
    const lucas = await signIn(t, DEMO_ACCOUNTS.lucas.membershipNumber);
    const before = (await lucas.get('/api/all-info')).json().data;
    expect(before.insured.validatedLegalPages).toBe(false);
    expect(before.legalPages.map((p: { type: string; version: number; accepted: boolean }) => `${p.type}@${p.version}:${p.accepted}`).sort()).toEqual([
      'cgu@1:false',
      'confidentialite@1:false',
      'mentions-legales@1:false',
    ]);
    const partial = await lucas.post('/api/auth/legal-pages/accept', { pages: [{ type: 'cgu', version: 1 }] });
    expect(partial.json().error.code).toBe('LEGAL_PAGES_OUTDATED');
    const stale = await lucas.post('/api/auth/legal-pages/accept', {
      pages: [
        { type: 'cgu', version: 0 + 2 },
        { type: 'confidentialite', version: 1 },
      ],
    });
    expect(stale.json().error.code).toBe('LEGAL_PAGES_OUTDATED');
    const res = await lucas.post('/api/auth/legal-pages/accept', {
      pages: [
        { type: 'cgu', version: 1 },
        { type: 'confidentialite', version: 1 },
      ],
    });
    expect(res.json()).toEqual({ data: { validatedLegalPages: true, acceptedAt: t.clock.now().toISOString() } });
    expect((await lucas.get('/api/all-info')).json().data.insured.validatedLegalPages).toBe(true);
    const [member] = await db().select().from(members).where(eq(members.membershipNumber, DEMO_ACCOUNTS.lucas.membershipNumber));
    const rows = await db().select().from(legalPageAcceptances).where(eq(legalPageAcceptances.memberId, member!.id));
    expect(rows).toHaveLength(2);
    expect(rows[0]!.acceptedAt.toISOString()).toBe(t.clock.now().toISOString());
    expect(await kindsOf(member!.id)).toContain('LEGAL_PAGES_ACCEPTED');
  });

  it('legal pages: a new version of a page opens the gate again for everyone', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    await client.post('/api/auth/legal-pages/accept', {
      pages: [
        { type: 'cgu', version: 1 },
        { type: 'confidentialite', version: 1 },
      ],
    });
    expect((await client.get('/api/all-info')).json().data.insured.validatedLegalPages).toBe(true);
    await db()
      .insert(legalPages)
      .values({ tenantId: 'mutua', type: 'cgu', version: 2, title: 'CGU v2', content: 'Nouvelle version.', requiresAcceptance: true });
    expect((await client.get('/api/all-info')).json().data.insured.validatedLegalPages).toBe(false);
    expect(
      (
        await client.post('/api/auth/legal-pages/accept', {
          pages: [
            { type: 'cgu', version: 1 },
            { type: 'confidentialite', version: 1 },
          ],
        })
      ).json().error.code,
    ).toBe('LEGAL_PAGES_OUTDATED');
    expect(
      (
        await client.post('/api/auth/legal-pages/accept', {
          pages: [
            { type: 'cgu', version: 2 },
            { type: 'confidentialite', version: 1 },
          ],
        })
      ).statusCode,
    ).toBe(200);
    const pub = await (await AuthClient.open(t.app)).get('/api/legal-pages/cgu');
    expect(pub.json().data).toMatchObject({ type: 'cgu', version: 2, title: 'CGU v2' });
    await db().delete(legalPages).where(eq(legalPages.version, 2));
  });

  it('personal information: sophie is flagged, then completes mobile and city', async () => {
    const sophie = await signIn(t, DEMO_ACCOUNTS.sophie.loginEmail);
    expect((await sophie.get('/api/all-info')).json().data.insured.invalidPersonalInformation).toBe(true);
    const bad = await sophie.post('/api/auth/personal-info/validate', {
      email: 'sophie.bernard@example.com',
      mobileNumber: '123',
      address: { line1: '8 cours', zipCode: '33000', city: 'Bordeaux' },
    });
    expect(bad.json().error.code).toBe('VALIDATION_FAILED');
    expect((await sophie.get('/api/all-info')).json().data.insured.invalidPersonalInformation).toBe(true);
    const ok = await sophie.post('/api/auth/personal-info/validate', {
      email: 'sophie.bernard@example.com',
      mobileNumber: '06 11 22 33 44',
      address: { line1: '8 cours de l’Intendance', zipCode: '33000', city: 'Bordeaux' },
    });
    expect(ok.json()).toEqual({ data: { invalidPersonalInformation: false } });
    const insured = (await sophie.get('/api/all-info')).json().data.insured;
    expect(insured.invalidPersonalInformation).toBe(false);
    expect(insured.insuredContact.mobileNumber).toBe('0611223344');
    expect(insured.familyAddresses.addresses[0]).toMatchObject({ city: 'Bordeaux', zipCode: '33000' });
  });

  it('personal information: only the signed-in member’s own rows change', async () => {
    const a = await createTestMember(t);
    const b = await createTestMember(t);
    const client = await signIn(t, a.login);
    await client.post('/api/auth/personal-info/validate', {
      email: 'new.a@example.net',
      mobileNumber: '0712345678',
      address: { line1: '2 rue A', zipCode: '69001', city: 'Lyon' },
    });
    const [contactB] = await db().select().from(contacts).where(eq(contacts.memberId, b.memberId));
    expect(contactB!.email).toBe(b.login);
  });

  it('tutorial: the finished state is stored', async () => {
    const m = await createTestMember(t);
    await db().update(accounts).set({ finishedTutorial: false }).where(eq(accounts.id, m.accountId!));
    const client = await signIn(t, m.login);
    expect((await client.get('/api/all-info')).json().data.insured.finishedTutorial).toBe(false);
    expect((await client.post('/api/auth/tutorial/finished')).json()).toEqual({ data: { ok: true } });
    expect((await client.get('/api/all-info')).json().data.insured.finishedTutorial).toBe(true);
  });

  it('all gate calls need a session', async () => {
    const client = await AuthClient.open(t.app);
    for (const [method, url] of [
      ['POST', '/api/auth/legal-pages/accept'],
      ['POST', '/api/auth/tutorial/finished'],
      ['POST', '/api/auth/personal-info/validate'],
      ['PUT', '/api/auth/login/update'],
    ] as const) {
      const res = await client.request(method, url, {});
      expect(res.statusCode, url).toBe(401);
    }
    expect(client.cookies.has(SESSION_COOKIE)).toBe(false);
  });
});
