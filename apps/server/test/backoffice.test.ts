import { SESSION_COOKIE } from '@mutua/contracts/auth';
import { STAFF_SESSION_COOKIE } from '@mutua/contracts/backoffice';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, cases, rateLimitCounters, requestMessages, requests, sessions, staff, staffTenants } from '../src/db/schema';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../src/modules/backoffice/seed';
import { currentTotp } from '../src/modules/backoffice/totp';
import { DEMO_ACCOUNTS, createTestMember, outbox, signIn } from './support/auth';
import { STAFF_HOST, signInStaff } from './support/staff';
import { TestClient, createTestApp, type TestApp } from './support/test-app';
import { sendMemberMessage } from './support/member-requests';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const staffClient = (who: keyof typeof DEMO_STAFF) => signInStaff(t, DEMO_STAFF[who], new TestClient(t.app, STAFF_HOST));

/** A member message sent through the member API; returns its request id. */
const memberMessage = (member: TestClient, object = 'Question sur mon contrat') => sendMemberMessage(member, object, 'Bonjour, une question.');

describe('staff origin', () => {
  it('answers /api/bo only on the staff host, and member routes find no tenant there', async () => {
    const onMember = new TestClient(t.app, 'localhost');
    expect((await onMember.get('/api/bo/auth/session')).statusCode).toBe(404);
    const onStaff = new TestClient(t.app, STAFF_HOST);
    expect((await onStaff.get('/api/all-info')).statusCode).toBe(404);
    const session = await onStaff.get('/api/bo/auth/session');
    expect(session.headers['content-security-policy']).toContain("base-uri 'none'");
    expect((await onStaff.get('/api/bo/cases')).statusCode).toBe(401);
  });

  it('never takes a member session for a staff one', async () => {
    const member = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
    const bo = new TestClient(t.app, STAFF_HOST);
    for (const [k, v] of member.cookies) bo.cookies.set(k, v);
    expect((await bo.get('/api/bo/cases')).statusCode).toBe(401);
  });
});

describe('staff sign-in', () => {
  it('refuses a wrong password with the members’ message, then blocks after 5 failures', async () => {
    const [row] = await t.database.db
      .insert(staff)
      .values({
        email: 'lock@gestion.localhost',
        displayName: 'Lock',
        role: 'agent',
        passwordHash: (await t.database.db.select().from(staff).limit(1))[0]!.passwordHash,
      })
      .returning();
    const client = new TestClient(t.app, STAFF_HOST);
    await client.get('/api/bo/auth/session');
    for (let i = 0; i < 4; i++) {
      const res = await client.post('/api/bo/auth/login', { email: row!.email, password: 'wrong' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('INVALID_CREDENTIALS');
    }
    expect((await client.post('/api/bo/auth/login', { email: row!.email, password: 'wrong' })).json().error.code).toBe('ACCOUNT_BLOCKED');
    expect((await client.post('/api/bo/auth/login', { email: row!.email, password: DEMO_STAFF_PASSWORD })).json().error.code).toBe('ACCOUNT_BLOCKED');
  });

  it('validates input in French and needs the anti-forgery token', async () => {
    const client = new TestClient(t.app, STAFF_HOST);
    await client.get('/api/bo/auth/session');
    const bad = await client.post('/api/bo/auth/login', { email: 'pas-un-email', password: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('adresse e-mail valide');
    const noToken = await client.post(
      '/api/bo/auth/login',
      { email: DEMO_STAFF.agent.email, password: DEMO_STAFF_PASSWORD },
      { headers: { 'x-xsrf-token': 'x' } },
    );
    expect(noToken.json().error.code).toBe('CSRF_INVALID');
  });

  it('enrols a newcomer by QR code, gives recovery codes once, and a recovery code works once', async () => {
    const client = new TestClient(t.app, STAFF_HOST);
    await client.get('/api/bo/auth/session');
    expect((await client.get('/api/bo/auth/enrolment')).json().error.code).toBe('STAFF_STEP_MISSING');
    const login = await client.post('/api/bo/auth/login', { email: DEMO_STAFF.newcomer.email, password: DEMO_STAFF_PASSWORD });
    expect(login.json().data.next).toBe('ENROL');
    expect((await client.get('/api/bo/cases')).statusCode).toBe(401);
    const enrolment = (await client.get('/api/bo/auth/enrolment')).json().data;
    expect(enrolment.qrDataUrl).toMatch(/^data:image\/png;base64,/);
    const wrong = await client.post('/api/bo/auth/totp', { code: '000000' === currentTotp(enrolment.secret, new Date()) ? '111111' : '000000' });
    expect(wrong.json().error.code).toBe('STAFF_CODE_INVALID');
    const ok = await client.post('/api/bo/auth/totp', { code: currentTotp(enrolment.secret, new Date()) });
    expect(ok.statusCode, ok.body).toBe(200);
    const codes = ok.json().data.recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect((await client.get('/api/bo/cases')).statusCode).toBe(200);
    const [stored] = await t.database.db.select().from(staff).where(eq(staff.email, DEMO_STAFF.newcomer.email));
    expect(stored!.totpSecret).not.toContain(enrolment.secret);
    // Next sign-in: a recovery code, once.
    for (const expected of [200, 400]) {
      const again = new TestClient(t.app, STAFF_HOST);
      await again.get('/api/bo/auth/session');
      expect((await again.post('/api/bo/auth/login', { email: DEMO_STAFF.newcomer.email, password: DEMO_STAFF_PASSWORD })).json().data.next).toBe('TOTP');
      expect((await again.post('/api/bo/auth/totp', { code: codes[0] })).statusCode).toBe(expected);
    }
  });
});

describe('queue and case', () => {
  it('a member message becomes a case; the agent replies, notes, moves the step; the member sees it unread and is mailed', async () => {
    const member = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
    const requestId = await memberMessage(member, 'Question file agent');
    const agent = await staffClient('agent');
    const unassigned = await agent.get('/api/bo/cases?view=unassigned&type=message');
    expect(unassigned.statusCode).toBe(200);
    const item = (unassigned.json().data.items as { id: string; deadline: string; title: string }[]).find((i) => i.id === requestId);
    expect(item).toMatchObject({ title: 'Question file agent', deadline: 'not_due' });
    // « assigned to me » by default: not there yet.
    expect((await agent.get('/api/bo/cases')).json().data.items.some((i: { id: string }) => i.id === requestId)).toBe(false);

    const detail = (await agent.get(`/api/bo/cases/${requestId}`)).json().data;
    expect(detail.messages).toHaveLength(1);
    expect(detail.nextSteps.map((s: { step: string }) => s.step)).toEqual(['in_progress', 'done']);

    expect((await agent.post(`/api/bo/cases/${requestId}/reply`, { message: '  ' })).statusCode).toBe(400);
    expect((await agent.post(`/api/bo/cases/${requestId}/reply`, { message: 'Bonjour, voici notre réponse.' })).statusCode).toBe(201);
    expect((await agent.post(`/api/bo/cases/${requestId}/note`, { body: 'Note interne' })).statusCode).toBe(201);
    expect((await agent.post(`/api/bo/cases/${requestId}/step`, { step: 'sent' })).json().error.code).toBe('CASE_STEP_NOT_ALLOWED');
    expect((await agent.post(`/api/bo/cases/${requestId}/step`, { step: 'in_progress' })).statusCode).toBe(200);
    expect((await agent.get('/api/bo/cases')).json().data.items.some((i: { id: string }) => i.id === requestId)).toBe(true);

    const [req] = await t.database.db.select().from(requests).where(eq(requests.id, requestId));
    expect(req!.read).toBe(false);
    const mine = (await member.get('/api/all-info?actionKey=requests')).json().data;
    const seen = (mine.allRequests as { requests: { id: string; messages: { direction: string; body: string }[]; statusList: { step: string }[] }[] }[])
      .flatMap((g) => g.requests)
      .find((r) => r.id === requestId)!;
    expect(seen.messages.map((m) => m.direction)).toEqual(['member', 'insurer']);
    expect(seen.statusList.map((s) => s.step)).toEqual(['received', 'in_progress']);
    expect(JSON.stringify(mine)).not.toContain('Note interne');
    await expect.poll(async () => (await outbox(t, { to: 'camille.durand@example.com', kind: 'NEW_MESSAGE' })).length, { timeout: 5000 }).toBeGreaterThan(0);
    const audited = await t.database.db.select({ kind: auditEvents.kind }).from(auditEvents).where(eq(auditEvents.memberId, req!.memberId));
    expect(audited.map((a) => a.kind)).toEqual(expect.arrayContaining(['CASE_REPLIED', 'CASE_NOTE_ADDED', 'CASE_STEP']));

    expect((await agent.post(`/api/bo/cases/${requestId}/step`, { step: 'done' })).statusCode).toBe(200);
    const [closed] = await t.database.db.select().from(cases).where(eq(cases.requestId, requestId));
    expect(closed!.state).toBe('CLOSED');
  });

  it('keeps another tenant’s cases out of reach, and administrators out of case handling', async () => {
    const lea = await signIn(t, DEMO_ACCOUNTS.lea.loginEmail, { host: 'azur.localhost' });
    const azurCase = await memberMessage(lea, 'Question azur');
    const derogator = await staffClient('derogator'); // mutua only
    expect((await derogator.get(`/api/bo/cases/${azurCase}`)).statusCode).toBe(404);
    expect((await derogator.post(`/api/bo/cases/${azurCase}/reply`, { message: 'x' })).statusCode).toBe(404);
    expect((await derogator.get('/api/bo/cases?view=all&tenant=azur')).json().data.items).toEqual([]);
    const admin = await staffClient('administrator');
    expect((await admin.post(`/api/bo/cases/${azurCase}/note`, { body: 'x' })).statusCode).toBe(403);
    const count = await t.database.db.select().from(requestMessages).where(eq(requestMessages.requestId, azurCase));
    expect(count).toHaveLength(1);
  });
});

describe('entering a member space', () => {
  it('manager: read-only session flagged back-office, writes refused, every call audited, 30 s single-use token', async () => {
    const m = await createTestMember(t);
    const manager = await staffClient('manager');
    const hits = (await manager.get(`/api/bo/members?q=${m.membershipNumber}`)).json().data;
    expect(hits.map((h: { id: string }) => h.id)).toEqual([m.memberId]);
    expect((await manager.post(`/api/bo/members/${m.memberId}/handoff`, { mode: 'DEROGATION', reason: 'essai' })).statusCode).toBe(403);
    const handoff = await manager.post(`/api/bo/members/${m.memberId}/handoff`, { mode: 'READ_ONLY' });
    expect(handoff.statusCode, handoff.body).toBe(201);
    const url = new URL(handoff.json().data.url);
    expect(url.hostname).toBe('localhost');
    // On another insurer's host the token opens nothing (and stays usable on its own).
    const elsewhere = await new TestClient(t.app, 'azur.localhost').get(url.pathname + url.search);
    expect(elsewhere.statusCode).toBe(401);
    expect(String(elsewhere.headers['set-cookie'] ?? '')).not.toContain(SESSION_COOKIE);
    const browser = new TestClient(t.app, 'localhost');
    const opened = await browser.get(url.pathname + url.search);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/home');
    expect((await new TestClient(t.app, 'localhost').get(url.pathname + url.search)).statusCode).toBe(401);
    const profile = (await browser.get('/api/auth/profile')).json().data;
    expect(profile.isBoAuthentication).toBe(true);
    const refused = await browser.put('/api/auth/tutorial/finished', {});
    expect([403, 404]).toContain(refused.statusCode);
    const write = await browser.post('/api/auth/tutorial/finished', {});
    expect(write.statusCode).toBe(403);
    const rows = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.memberId, m.memberId)));
    const kinds = rows.map((r) => r.kind);
    expect(kinds).toEqual(expect.arrayContaining(['BO_HANDOFF_CREATED', 'BO_SESSION_OPENED', 'BO_SESSION_CALL', 'READ_ONLY_WRITE_REFUSED']));
    const call = rows.find((r) => r.kind === 'BO_SESSION_CALL')!;
    expect(call.details).toMatchObject({ mode: 'READ_ONLY' });
    // Staff logout ends the member space it opened.
    await manager.post('/api/bo/auth/logout');
    expect(manager.cookies.has(STAFF_SESSION_COOKIE)).toBe(false);
    expect((await browser.get('/api/auth/profile')).statusCode).toBe(401);
  });

  it('derogator: needs a reason, may write, the audit search shows the entered session; own member space refused', async () => {
    const m = await createTestMember(t);
    const derogator = await staffClient('derogator');
    const noReason = await derogator.post(`/api/bo/members/${m.memberId}/handoff`, { mode: 'DEROGATION' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('motif');
    const handoff = await derogator.post(`/api/bo/members/${m.memberId}/handoff`, { mode: 'DEROGATION', reason: 'Adhérent au téléphone' });
    const url = new URL(handoff.json().data.url);
    const browser = new TestClient(t.app, 'localhost');
    await browser.get(url.pathname + url.search);
    expect((await browser.post('/api/auth/tutorial/finished', {})).statusCode).toBeLessThan(300);
    const [session] = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.memberId, m.memberId), eq(sessions.boMode, 'DEROGATION')));
    expect(session!.boReason).toBe('Adhérent au téléphone');
    const manager = await staffClient('manager');
    const audit = (await manager.get(`/api/bo/audit?member=${m.memberId}&entered=true`)).json().data as { kind: string; details: { reason: string } }[];
    expect(audit.some((a) => a.kind === 'BO_SESSION_CALL' && a.details.reason === 'Adhérent au téléphone')).toBe(true);
    expect((await derogator.get('/api/bo/audit')).statusCode).toBe(403);
    // A member who is staff cannot be entered.
    await t.database.db.update(staff).set({ memberId: m.memberId }).where(eq(staff.email, DEMO_STAFF.agent.email));
    expect((await derogator.post(`/api/bo/members/${m.memberId}/handoff`, { mode: 'DEROGATION', reason: 'Adhérent au téléphone' })).json().error.code).toBe(
      'HANDOFF_REFUSED',
    );
    // Another tenant's member reads as missing.
    const other = await createTestMember(t, { tenantId: 'azur' });
    expect((await derogator.post(`/api/bo/members/${other.memberId}/handoff`, { mode: 'DEROGATION', reason: 'Adhérent au téléphone' })).statusCode).toBe(404);
  });
});

describe('tenant settings', () => {
  it('an administrator puts a tenant in maintenance like the operator command; others may not', async () => {
    const agent = await staffClient('agent');
    expect((await agent.put('/api/bo/tenants/azur/maintenance', { on: true, reason: 'Mise à jour' })).statusCode).toBe(403);
    const derogator = await staffClient('derogator'); // mutua only
    expect((await derogator.put('/api/bo/tenants/azur/maintenance', { on: true, reason: 'x' })).statusCode).toBe(404);
    const admin = await staffClient('administrator');
    expect((await admin.put('/api/bo/tenants/azur/maintenance', { on: 'oui' })).statusCode).toBe(400);
    expect((await admin.put('/api/bo/tenants/azur/maintenance', { on: true, reason: 'Mise à jour' })).statusCode).toBe(200);
    // Within a second, as the operator command (the tenant directory's cache).
    const init = () => new TestClient(t.app, 'azur.localhost').get('/api/init');
    await expect.poll(async () => (await init()).statusCode, { timeout: 3000 }).toBe(503);
    expect((await init()).json().maintenance_public_reason).toBe('Mise à jour');
    expect((await admin.put('/api/bo/tenants/azur/maintenance', { on: false, reason: null })).statusCode).toBe(200);
    await expect.poll(async () => (await init()).statusCode, { timeout: 3000 }).toBe(200);
    expect((await admin.put('/api/bo/tenants/azur/features', { featureId: 'BENEFICIARIES', enabled: false })).statusCode).toBe(200);
    expect((await admin.put('/api/bo/tenants/azur/features', { featureId: 'BENEFICIARIES', enabled: true })).statusCode).toBe(200);
  });
});

describe('GET /api/bo/audit (the audit screen)', () => {
  type Entry = {
    kind: string;
    at: string;
    membershipNumber: string | null;
    session: string | null;
    staff: { email: string } | null;
    details: Record<string, unknown>;
  };
  it('searches by membership number, staff e-mail, session reference and Paris days; refuses bad filters in French; sees its tenants only', async () => {
    // The file's earlier sign-ins came from the same address: the per-IP sign-in limit is not this test's subject.
    await t.database.db.delete(rateLimitCounters);
    const m = await createTestMember(t);
    const derogator = await staffClient('derogator');
    const handoff = await derogator.post(`/api/bo/members/${m.memberId}/handoff`, { mode: 'DEROGATION', reason: 'Adhérent au téléphone' });
    const browser = new TestClient(t.app, 'localhost');
    const url = new URL(handoff.json().data.url);
    await browser.get(url.pathname + url.search);
    await browser.get('/api/auth/profile');
    const manager = await staffClient('manager');
    const search = async (q: string) => {
      const res = await manager.get(`/api/bo/audit?${q}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as Entry[];
    };

    const byMember = await search(`member=${m.membershipNumber}`);
    expect(byMember.length).toBeGreaterThanOrEqual(3);
    expect(byMember.every((e) => e.membershipNumber === m.membershipNumber)).toBe(true);
    const opened = byMember.find((e) => e.kind === 'BO_SESSION_OPENED')!;
    expect(opened.staff?.email).toBe(DEMO_STAFF.derogator.email);
    expect(opened.session).toMatch(/^[0-9a-f]{12}$/);
    // The session's reference follows every call of that session and nothing else; it opens nothing.
    const bySession = await search(`session=${opened.session}`);
    expect(bySession.map((e) => e.kind).sort()).toEqual(expect.arrayContaining(['BO_SESSION_CALL', 'BO_SESSION_OPENED']));
    expect(bySession.every((e) => e.session === opened.session)).toBe(true);
    const [row] = await t.database.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.memberId, m.memberId), eq(sessions.boMode, 'DEROGATION')));
    expect(JSON.stringify(bySession)).not.toContain(row!.id);

    const byStaff = await search(`staff=${encodeURIComponent(DEMO_STAFF.derogator.email.toUpperCase())}&member=${m.membershipNumber}`);
    expect(byStaff.length).toBeGreaterThan(0);
    expect(byStaff.every((e) => e.staff?.email === DEMO_STAFF.derogator.email)).toBe(true);
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(new Date(opened.at));
    expect((await search(`member=${m.membershipNumber}&from=${day}&to=${day}`)).length).toBe(byMember.length);
    expect(await search(`member=${m.membershipNumber}&from=2000-01-01&to=2000-01-02`)).toEqual([]);
    // Someone unknown matches no row, never every row.
    expect(await search('member=00000001')).toEqual([]);
    expect(await search('staff=personne%40example.com')).toEqual([]);

    for (const [q, message] of [
      ['session=xyz', 'La référence de session compte 12 caractères (chiffres et lettres a à f).'],
      ['from=26/11/2026', 'Indiquez une date au format AAAA-MM-JJ.'],
      ['from=2026-11-02&to=2026-11-01', 'La date de fin précède la date de début.'],
      ['member=Durand', 'Indiquez le numéro d’adhérent (chiffres) ou l’identifiant de l’adhérent.'],
    ]) {
      const res = await manager.get(`/api/bo/audit?${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(res.json().error.message, q).toContain(message);
    }
    // Another tenant's member is not in this manager's audit; an agent may not search.
    const other = await createTestMember(t, { tenantId: 'azur' });
    await t.database.db.insert(auditEvents).values({ at: new Date(), tenantId: 'azur', memberId: other.memberId, kind: 'LOGOUT', details: {} });
    expect(await search(`member=${other.membershipNumber}`)).toHaveLength(1);
    const [managerRow] = await t.database.db.select({ id: staff.id }).from(staff).where(eq(staff.email, DEMO_STAFF.manager.email));
    await t.database.db.delete(staffTenants).where(and(eq(staffTenants.staffId, managerRow!.id), eq(staffTenants.tenantId, 'azur')));
    try {
      expect(await search(`member=${other.membershipNumber}`)).toEqual([]);
      expect(await search(`member=${other.memberId}`)).toEqual([]);
    } finally {
      await t.database.db.insert(staffTenants).values({ staffId: managerRow!.id, tenantId: 'azur' });
    }
  });
});
