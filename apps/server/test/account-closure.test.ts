import { PASSWORD_MAX_FAILURES } from '@mutua/contracts/auth';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, auditEvents, bankAccounts, beneficiaries, contacts, contracts, members } from '../src/db/schema';
import { DEMO_PASSWORD } from '../src/modules/auth/seed';
import { DEMO_STAFF } from '../src/modules/backoffice/seed';
import { AuthClient, createTestMember, signIn } from './support/auth';
import { createTestApp, TestClient, type TestApp } from './support/test-app';
import { insertBankAccount } from './support/protected-rows';
import { signInStaff, STAFF_HOST } from './support/staff';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
const db = () => t.database.db;

const rowsOf = async (memberId: string) => ({
  accounts: (await db().select({ n: count() }).from(accounts).where(eq(accounts.memberId, memberId)))[0]!.n,
  contacts: (await db().select({ n: count() }).from(contacts).where(eq(contacts.memberId, memberId)))[0]!.n,
  bank: (await db().select({ n: count() }).from(bankAccounts).where(eq(bankAccounts.memberId, memberId)))[0]!.n,
  contracts: (await db().select({ n: count() }).from(contracts).where(eq(contracts.memberId, memberId)))[0]!.n,
});

/** A member whose contracts ended last year, with a refund account, signed in. */
async function formerMember() {
  const m = await createTestMember(t);
  await db().update(contracts).set({ outgoingDate: '2025-12-31' }).where(eq(contracts.memberId, m.memberId));
  await insertBankAccount(db(), {
    memberId: m.memberId,
    usage: 'refund',
    familyPosition: 1,
    holder: 'Test Membre',
    iban: 'FR7630004000031234567890143',
    bic: null,
    bankName: null,
    updatedAt: new Date(),
  });
  return { ...m, client: await signIn(t, m.login) };
}

/** A staff member inside a member's space through the back office's link (read-only, or by derogation with its reason). */
async function enterSpace(
  who: keyof typeof DEMO_STAFF,
  memberId: string,
  body: { mode: 'READ_ONLY' } | { mode: 'DEROGATION'; reason: string },
): Promise<TestClient> {
  const staffClient = await signInStaff(t, DEMO_STAFF[who], new TestClient(t.app, STAFF_HOST));
  const handoff = await staffClient.post(`/api/bo/members/${memberId}/handoff`, body);
  expect(handoff.statusCode, handoff.body).toBe(201);
  const url = new URL(handoff.json().data.url);
  const inside = new TestClient(t.app, 'localhost');
  expect((await inside.get(url.pathname + url.search)).statusCode).toBe(303);
  return inside;
}

describe('POST /api/account/closure', () => {
  it('refuses a wrong password and a running contract, changing nothing', async () => {
    const running = await createTestMember(t);
    const client = await signIn(t, running.login);
    const before = await rowsOf(running.memberId);
    const wrong = await client.post('/api/account/closure', { password: 'Pas-le-bon-2026!' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('ACCOUNT_CLOSURE_PASSWORD_WRONG');
    const [account] = await db().select({ failures: accounts.consecutiveFailures }).from(accounts).where(eq(accounts.memberId, running.memberId));
    expect(account!.failures).toBe(1);
    const busy = await client.post('/api/account/closure', { password: DEMO_PASSWORD });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toContain('Résilier votre contrat');
    expect((await client.post('/api/account/closure', { password: '' })).statusCode).toBe(400);
    expect(await rowsOf(running.memberId)).toEqual(before);
    expect((await client.get('/api/all-info')).statusCode).toBe(200);
  });

  it('closes a former member’s account: the session ends, identity and bank details are erased, contracts and the audit stay; nobody else is touched', async () => {
    const other = await formerMember();
    const m = await formerMember();
    const res = await m.client.post('/api/account/closure', { password: DEMO_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ closed: true });
    expect((await m.client.get('/api/all-info')).statusCode).toBe(401);
    expect(await rowsOf(m.memberId)).toEqual({ accounts: 0, contacts: 0, bank: 0, contracts: 1 });
    const people = await db().select().from(beneficiaries).where(eq(beneficiaries.memberId, m.memberId));
    expect(people.map((p) => [p.firstName, p.surName, p.nir, p.nirHmac])).toEqual([['ANONYME', 'ANONYME', null, null]]);
    const [member] = await db().select().from(members).where(eq(members.id, m.memberId));
    expect(member!.anonymisedAt).not.toBeNull();
    const [closed] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.memberId, m.memberId), eq(auditEvents.kind, 'ACCOUNT_CLOSED')));
    expect(closed).toBeDefined();
    // Signing in again designates nobody.
    const again = await AuthClient.open(t.app);
    expect((await again.login(m.membershipNumber, DEMO_PASSWORD)).statusCode).not.toBe(200);
    expect(await rowsOf(other.memberId)).toEqual({ accounts: 1, contacts: 1, bank: 1, contracts: 1 });
    expect((await other.client.get('/api/all-info')).statusCode).toBe(200);
  });

  it('refuses a read-only staff session (back office « voir comme l’adhérent »): 403, nothing erased', async () => {
    const m = await formerMember();
    const staffInside = await enterSpace('manager', m.memberId, { mode: 'READ_ONLY' });
    const before = await rowsOf(m.memberId);
    const res = await staffInside.post('/api/account/closure', { password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect(await rowsOf(m.memberId)).toEqual(before);
    const [member] = await db().select({ anonymisedAt: members.anonymisedAt }).from(members).where(eq(members.id, m.memberId));
    expect(member!.anonymisedAt).toBeNull();
    expect((await m.client.get('/api/all-info')).statusCode).toBe(200);
  });

  it('refuses a staff member in derogation too, even with the password: erasing an account is the member’s own decision', async () => {
    const m = await formerMember();
    const staffInside = await enterSpace('derogator', m.memberId, { mode: 'DEROGATION', reason: 'Adhérent au téléphone' });
    const before = await rowsOf(m.memberId);
    const res = await staffInside.post('/api/account/closure', { password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(403);
    expect(await rowsOf(m.memberId)).toEqual(before);
    expect((await m.client.get('/api/all-info')).statusCode).toBe(200);
  });

  it('counts a wrong password as a failed sign-in: enough of them block signing in, and nothing is erased', async () => {
    const m = await formerMember();
    const before = await rowsOf(m.memberId);
    for (let i = 0; i < PASSWORD_MAX_FAILURES; i++) {
      const res = await m.client.post('/api/account/closure', { password: `Pas-le-bon-${i}!` });
      expect(res.json().error.code).toBe('ACCOUNT_CLOSURE_PASSWORD_WRONG');
    }
    const [account] = await db()
      .select({ failures: accounts.consecutiveFailures, blockedUntil: accounts.blockedUntil })
      .from(accounts)
      .where(eq(accounts.memberId, m.memberId));
    expect(account!.failures).toBe(PASSWORD_MAX_FAILURES);
    expect(account!.blockedUntil).not.toBeNull();
    const again = await AuthClient.open(t.app);
    expect((await again.login(m.membershipNumber, DEMO_PASSWORD)).statusCode).not.toBe(200);
    expect(await rowsOf(m.memberId)).toEqual(before);
    const refusals = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.memberId, m.memberId), eq(auditEvents.kind, 'ACCOUNT_CLOSURE_REFUSED')));
    expect(refusals).toHaveLength(PASSWORD_MAX_FAILURES);
  });

  it('closes once when the form is sent twice at the same time: both answers say closed, one closure audited', async () => {
    const m = await formerMember();
    const answers = await Promise.all([
      m.client.post('/api/account/closure', { password: DEMO_PASSWORD }),
      m.client.post('/api/account/closure', { password: DEMO_PASSWORD }),
    ]);
    expect(answers.map((a) => [a.statusCode, a.json()])).toEqual([
      [200, { data: { closed: true } }],
      [200, { data: { closed: true } }],
    ]);
    expect(await rowsOf(m.memberId)).toEqual({ accounts: 0, contacts: 0, bank: 0, contracts: 1 });
    const kinds = (await db().select({ kind: auditEvents.kind }).from(auditEvents).where(eq(auditEvents.memberId, m.memberId))).map((r) => r.kind);
    expect(kinds.filter((k) => k === 'ACCOUNT_CLOSED')).toHaveLength(1);
    expect(kinds).not.toContain('ACCOUNT_CLOSURE_REFUSED');
    expect((await m.client.get('/api/all-info')).statusCode).toBe(401);
  });
});
