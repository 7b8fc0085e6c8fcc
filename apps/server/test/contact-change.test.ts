import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactChanges, contacts, sessions } from '../src/db/schema';
import { createTestApp, type ClockedTestApp } from './support/test-app';
import { DEMO_PASSWORD, createTestMember, linkIn, outbox, signIn, waitForMail } from './support/auth';

let t: ClockedTestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: 'manual' });
});
afterAll(() => t.close());

const MINUTE = 60_000;

async function contactOf(memberId: string) {
  const [row] = await t.database.db.select().from(contacts).where(eq(contacts.memberId, memberId)).orderBy(asc(contacts.id)).limit(1);
  return row!;
}

/** The code of the latest SMS sent to this (E.164) number. */
async function latestSmsCode(number: string): Promise<string> {
  const [sms] = await outbox(t, { to: number, kind: 'CONTACT_CHANGE_CODE', limit: 1 });
  const code = sms?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no SMS code for ${number}`);
  return code;
}

describe('POST /api/contact-change', () => {
  it('refuses bad input', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    for (const body of [{ kind: 'email', value: 'not-an-address' }, { kind: 'mobile', value: '0142424242' }, { kind: 'fax', value: 'x' }, {}]) {
      const res = await client.post('/api/contact-change', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
    }
    expect((await client.post('/api/contact-change', { kind: 'email', value: m.login })).json().error.code).toBe('CONTACT_UNCHANGED');
  });

  it('needs the password once the session’s code is older than 10 minutes, and counts a wrong password', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    t.clock.advance(11 * MINUTE);
    const stale = await client.post('/api/contact-change', { kind: 'email', value: `new.${m.login}` });
    expect(stale.statusCode).toBe(403);
    expect(stale.json().error.code).toBe('REAUTH_REQUIRED');
    const wrong = await client.post('/api/contact-change', { kind: 'email', value: `new.${m.login}`, password: 'Wrong-Password-1' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('CURRENT_PASSWORD_WRONG');
    const ok = await client.post('/api/contact-change', { kind: 'email', value: `new.${m.login}`, password: DEMO_PASSWORD });
    expect(ok.statusCode, ok.body).toBe(202);
  });

  it('is refused to a read-only staff session (403)', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    await t.database.db.update(sessions).set({ isBoAuthentication: true }).where(eq(sessions.memberId, m.memberId));
    const res = await client.post('/api/contact-change', { kind: 'email', value: `staff.${m.login}` });
    expect(res.statusCode).toBe(403);
    expect((await client.post('/api/contact-change/confirm', { code: '123456' })).statusCode).toBe(403);
  });
});

describe('changing the e-mail address', () => {
  it('is confirmed by the link mailed to the new address, used once, by the member who asked; the old address is told', async () => {
    const m = await createTestMember(t);
    const other = await createTestMember(t);
    const client = await signIn(t, m.login);
    const newAddress = `changed.${m.login}`;
    const res = await client.post('/api/contact-change', { kind: 'email', value: newAddress });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ kind: 'email', status: 'PENDING', destination: expect.stringContaining('***') });
    expect((await contactOf(m.memberId)).email).toBe(m.login);

    const mail = await waitForMail(t, { to: newAddress, kind: 'CONTACT_CHANGE_LINK' });
    const { token, url } = linkIn(mail);
    expect(url).toMatch(/^http:\/\/localhost\/contact-change\/confirm\/[\w-]+$/);

    // Another member's session cannot use it.
    const intruder = await signIn(t, other.login);
    expect((await intruder.post('/api/contact-change/confirm', { token })).json().error.code).toBe('LINK_EXPIRED');
    expect((await contactOf(other.memberId)).email).toBe(other.login);

    const confirmed = await client.post('/api/contact-change/confirm', { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().data).toEqual({ kind: 'email', confirmed: true });
    expect((await contactOf(m.memberId)).email).toBe(newAddress);
    const notice = await waitForMail(t, { to: m.login, kind: 'CONTACT_CHANGED' });
    expect(notice.text).toContain('a été remplacée');
    expect(notice.text).toContain('réinitialisez votre mot de passe');

    const again = await client.post('/api/contact-change/confirm', { token });
    expect(again.statusCode).toBe(410);
    expect(again.json().error.code).toBe('LINK_EXPIRED');
  });

  it('refuses an expired link, and one replaced by a newer request', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    await client.post('/api/contact-change', { kind: 'email', value: `first.${m.login}` });
    const first = linkIn(await waitForMail(t, { to: `first.${m.login}`, kind: 'CONTACT_CHANGE_LINK' })).token;
    await client.post('/api/contact-change', { kind: 'email', value: `second.${m.login}` });
    const second = linkIn(await waitForMail(t, { to: `second.${m.login}`, kind: 'CONTACT_CHANGE_LINK' })).token;
    expect((await client.post('/api/contact-change/confirm', { token: first })).json().error.code).toBe('LINK_EXPIRED');
    await t.database.db
      .update(contactChanges)
      .set({ expiresAt: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(contactChanges.memberId, m.memberId));
    expect((await client.post('/api/contact-change/confirm', { token: second })).json().error.code).toBe('LINK_EXPIRED');
    expect((await contactOf(m.memberId)).email).toBe(m.login);
  });
});

describe('changing the mobile number', () => {
  it('is confirmed by an SMS code to the new number (dev outbox), then the number is marked confirmed and the e-mail address told', async () => {
    const m = await createTestMember(t);
    const client = await signIn(t, m.login);
    const res = await client.post('/api/contact-change', { kind: 'mobile', value: '06 98 76 54 32' });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toMatchObject({ kind: 'mobile', destination: '06 ** ** ** 32' });
    const code = await latestSmsCode('+33698765432');
    const wrong = await client.post('/api/contact-change/confirm', { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.json()).toMatchObject({ error: { code: 'MFA_CODE_WRONG' }, remainingAttempts: 4 });
    expect((await contactOf(m.memberId)).mobileNumber).toBe('0600000000');

    const ok = await client.post('/api/contact-change/confirm', { code });
    expect(ok.statusCode, ok.body).toBe(200);
    const contact = await contactOf(m.memberId);
    expect(contact.mobileNumber).toBe('0698765432');
    expect(contact.mobileConfirmedAt).not.toBeNull();
    await waitForMail(t, { to: m.login, kind: 'CONTACT_CHANGED' });
    expect((await client.post('/api/contact-change/confirm', { code })).json().error.code).toBe('MFA_CODE_UNKNOWN');
  });
});

describe('the personal-information gate', () => {
  it('fills in missing contact data only: an existing e-mail is kept (changes go through /api/contact-change)', async () => {
    const m = await createTestMember(t);
    await t.database.db.update(contacts).set({ mobileNumber: null }).where(eq(contacts.memberId, m.memberId));
    const client = await signIn(t, m.login);
    const res = await client.post('/api/auth/personal-info/validate', {
      email: `hijack.${m.login}`,
      mobileNumber: '0611223344',
      address: { line1: '2 rue du Test', zipCode: '75002', city: 'Paris' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const contact = await contactOf(m.memberId);
    expect(contact.email).toBe(m.login);
    expect(contact.mobileNumber).toBe('0611223344');
    expect(contact.mobileConfirmedAt).toBeNull();
  });
});
