import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advisorContacts, auditEvents, cases, requests, sessions, staff as staffTable } from '../src/db/schema';
import { DEMO_STAFF, DEMO_STAFF_PASSWORD } from '../src/modules/backoffice/seed';
import { currentTotp } from '../src/modules/backoffice/totp';
import { DEMO_ACCOUNTS, cookieHeader, createTestMember, signIn, type AuthClient } from './support/auth';
import { TestClient, createTestApp, type ClockedTestApp } from './support/test-app';
import { STAFF_HOST } from './support/staff';

// Thursday 24 December 2026, 16:40 in Paris: too late for today's last slot (17:30 is less than an
// hour away), Christmas on Friday, the weekend closed: the first slot is Monday 28 at 8:30.
const START = new Date('2026-12-24T15:40:00Z');
let t: ClockedTestApp;
let camille: AuthClient;
beforeAll(async () => {
  t = await createTestApp({ clock: 'manual', start: START });
  camille = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
});
afterAll(() => t.close());

/** The agent signed in with the code of the test's own clock (the authenticator's time is the server's). */
async function staff() {
  const client = new TestClient(t.app, STAFF_HOST);
  expect((await client.get('/api/bo/auth/session')).statusCode).toBe(200);
  expect((await client.post('/api/bo/auth/login', { email: DEMO_STAFF.agent.email, password: DEMO_STAFF_PASSWORD })).statusCode).toBe(200);
  await t.database.db.update(staffTable).set({ totpLastStep: null }).where(eq(staffTable.email, DEMO_STAFF.agent.email));
  const totp = await client.post('/api/bo/auth/totp', { code: currentTotp(DEMO_STAFF.agent.totp, t.clock.now()) });
  expect(totp.statusCode, totp.body).toBe(200);
  return client;
}
const key = () => ({ 'idempotency-key': crypto.randomUUID() });
const conversation = [
  { question: 'où en est mon remboursement du 12 novembre\u00a0?', answers: ['Votre remboursement du 12 novembre est en cours.'] },
  { question: 'je ne comprends pas', answers: [] },
];
const requestsOf = async (memberId: string) => t.database.db.select({ id: requests.id }).from(requests).where(eq(requests.memberId, memberId));
const myRequest = async (client: AuthClient, requestId: string) => {
  const groups = (await client.get('/api/all-info?actionKey=requests')).json().data.allRequests as {
    requests: { id: string; title: string; messages: { direction: string; body: string }[] }[];
  }[];
  return groups.flatMap((g) => g.requests).find((r) => r.id === requestId);
};

describe('callback slots', () => {
  it('are the next half hours within the phone line’s hours, French time, holidays and closed days skipped', async () => {
    expect((await new TestClient(t.app, 'localhost').get('/api/advisor/callback-slots')).statusCode).toBe(401);
    const res = await camille.get('/api/advisor/callback-slots');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const slots = res.json().data.slots as { start: string; label: string }[];
    expect(slots[0]).toEqual({ start: '2026-12-28T07:30:00.000Z', label: 'lundi 28 décembre à 8\u00a0h\u00a030' });
    expect(slots.find((s) => s.start === '2026-12-28T16:30:00.000Z')?.label).toBe('lundi 28 décembre à 17\u00a0h\u00a030');
    // The line closes at 18 h: no slot starts at 18 h or later, none before 8 h 30.
    const days = new Set(slots.map((s) => s.start.slice(0, 10)));
    expect([...days]).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-04']);
    for (const s of slots) expect(s.start.slice(11, 16) >= '07:30' && s.start.slice(11, 16) <= '16:30', s.start).toBe(true);
    expect(slots).toHaveLength(5 * 19);
  });
});

describe('a message to an adviser', () => {
  it('refuses bad input in French and stores nothing', async () => {
    const before = await t.database.db.select({ id: advisorContacts.requestId }).from(advisorContacts);
    const short = await camille.post('/api/advisor/messages', { message: 'Aidez' }, { headers: key() });
    expect(short.statusCode).toBe(400);
    expect(short.json().fields).toEqual({ message: 'Décrivez votre demande en quelques mots (au moins 10\u00a0caractères).' });
    const long = await camille.post('/api/advisor/messages', { message: 'x'.repeat(2001) });
    expect(long.json().error.message).toBe('Votre message ne doit pas dépasser 2000\u00a0caractères.');
    const turns = await camille.post('/api/advisor/messages', { message: '', conversation: Array.from({ length: 31 }, () => conversation[0]) });
    expect(turns.statusCode).toBe(400);
    const origin = await camille.post('/api/advisor/messages', { message: 'Je veux parler à quelqu’un.', origin: 'robot' });
    expect(origin.statusCode).toBe(400);
    const control = await camille.post('/api/advisor/messages', { message: 'Bonjour\u0000 je veux un conseiller' });
    expect(control.statusCode).toBe(400);
    expect(await t.database.db.select({ id: advisorContacts.requestId }).from(advisorContacts)).toEqual(before);
  });

  it('becomes one request in the queue, ahead, due within 24 hours, with the conversation; sent twice it is one; the agent answers in the thread and the member reads it', async () => {
    const headers = key();
    const body = { message: '', conversation, origin: 'assistant' };
    const adviserRequests = async () => (await t.database.db.select({ typeCode: requests.typeCode }).from(requests)).filter((r) => r.typeCode === 10033).length;
    const before = await adviserRequests();
    const first = await camille.post('/api/advisor/messages', body, { headers });
    expect(first.statusCode, first.body).toBe(201);
    const again = await camille.post('/api/advisor/messages', body, { headers });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data).toEqual(first.json().data);
    const { requestId } = first.json().data as { requestId: string };
    const [req] = await t.database.db.select().from(requests).where(eq(requests.id, requestId));
    expect(req!.typeCode).toBe(10033);
    expect(await adviserRequests()).toBe(before + 1);

    const [queued] = await t.database.db.select().from(cases).where(eq(cases.requestId, requestId));
    expect(queued!.priority).toBe(1);
    expect(queued!.dueAt.getTime() - START.getTime()).toBe(24 * 3_600_000);

    const agent = await staff();
    const list = (await agent.get('/api/bo/cases?view=unassigned&type=message')).json().data.items as { id: string; kindLabel: string; priority: number }[];
    expect(list.find((c) => c.id === requestId)).toMatchObject({ kindLabel: 'Message à un conseiller', priority: 1 });
    const detail = (await agent.get(`/api/bo/cases/${requestId}`)).json().data;
    expect(detail.messages[0].body).toContain('Je souhaite parler à un conseiller.');
    expect(detail.messages[0].body).toContain('Question\u00a0: où en est mon remboursement du 12 novembre\u00a0?');
    expect(detail.messages[0].body).toContain('Réponse de l’assistant\u00a0: Votre remboursement du 12 novembre est en cours.');

    t.clock.advance(60_000);
    expect((await agent.post(`/api/bo/cases/${requestId}/reply`, { message: 'Bonjour Camille, votre remboursement est parti hier.' })).statusCode).toBe(201);
    const seen = await myRequest(camille, requestId);
    expect(seen?.title).toBe('Parler à un conseiller');
    expect(seen?.messages.find((m) => m.direction === 'insurer')?.body).toBe('Bonjour Camille, votre remboursement est parti hier.');
    expect(seen?.messages).toHaveLength(2);

    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'ADVISOR_REQUESTED'), eq(auditEvents.memberId, req!.memberId)));
    expect(audit!.details).toMatchObject({ requestId, channel: 'message', origin: 'assistant', turns: 2 });
  });

  it('without the anti-forgery header, nothing is sent', async () => {
    const before = await t.database.db.select({ id: advisorContacts.requestId }).from(advisorContacts);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/advisor/messages',
      remoteAddress: camille.ip,
      headers: { host: 'localhost', cookie: cookieHeader(camille), 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'Un message venu d’un autre site.' }),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_INVALID');
    expect(await t.database.db.select({ id: advisorContacts.requestId }).from(advisorContacts)).toEqual(before);
  });

  it('member B never sees it, and a read-only staff session cannot send one', async () => {
    const mine = await camille.post('/api/advisor/messages', { message: 'Une question pour un conseiller.' }, { headers: key() });
    const requestId = mine.json().data.requestId as string;
    const other = await createTestMember(t);
    const b = await signIn(t, other.login);
    expect(await myRequest(b, requestId)).toBeUndefined();
    const ro = await createTestMember(t);
    const roClient = await signIn(t, ro.login);
    await t.database.db.update(sessions).set({ isBoAuthentication: true }).where(eq(sessions.memberId, ro.memberId));
    expect((await roClient.post('/api/advisor/messages', { message: 'Je veux un conseiller, merci.' })).statusCode).toBe(403);
    expect((await roClient.post('/api/advisor/callbacks', { slot: '2026-12-28T07:30:00.000Z', phone: '06 12 34 56 78' })).statusCode).toBe(403);
    expect(await requestsOf(ro.memberId)).toEqual([]);
  });
});

describe('a callback', () => {
  it('refuses a slot outside the offered ones and a bad number, in French', async () => {
    for (const slot of [
      '2026-12-25T09:00:00.000Z',
      '2026-12-26T09:00:00.000Z',
      '2026-12-28T07:00:00.000Z',
      '2026-12-28T17:00:00.000Z',
      '2026-12-28T07:45:00.000Z',
    ]) {
      const res = await camille.post('/api/advisor/callbacks', { slot, phone: '06 12 34 56 78' }, { headers: key() });
      expect(res.statusCode, slot).toBe(400);
      expect(res.json().fields).toEqual({ slot: 'Ce créneau ne fait pas partie des créneaux proposés\u00a0: choisissez-en un dans la liste.' });
    }
    const phone = await camille.post('/api/advisor/callbacks', { slot: '2026-12-28T08:00:00.000Z', phone: '12345' });
    expect(phone.json().fields).toEqual({ phone: 'Saisissez un numéro de téléphone français (10\u00a0chiffres).' });
    const noSlot = await camille.post('/api/advisor/callbacks', { slot: 'demain', phone: '06 12 34 56 78' });
    expect(noSlot.json().fields).toEqual({ slot: 'Choisissez un créneau de rappel.' });
  });

  it('books the slot: a request due at the slot, in the queue; three fill it, the fourth is refused and the slot leaves the list; the agent marks it done', async () => {
    const slot = '2026-12-28T09:00:00.000Z';
    const headers = key();
    const first = await camille.post('/api/advisor/callbacks', { slot, phone: '06 12 34 56 78', message: 'Au sujet de mes lunettes' }, { headers });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ title: 'Rappel le lundi 28 décembre à 10\u00a0h\u00a000', callbackAt: slot });
    expect(
      (await camille.post('/api/advisor/callbacks', { slot, phone: '06 12 34 56 78', message: 'Au sujet de mes lunettes' }, { headers })).json().data,
    ).toEqual(first.json().data);
    const requestId = first.json().data.requestId as string;
    const [queued] = await t.database.db.select().from(cases).where(eq(cases.requestId, requestId));
    expect(queued!.dueAt.toISOString()).toBe(slot);

    for (let i = 0; i < 2; i++) {
      const m = await signIn(t, (await createTestMember(t)).login);
      expect((await m.post('/api/advisor/callbacks', { slot, phone: '0612345678' }, { headers: key() })).statusCode).toBe(201);
    }
    const late = await createTestMember(t);
    const lateClient = await signIn(t, late.login);
    const full = await lateClient.post('/api/advisor/callbacks', { slot, phone: '0612345678' }, { headers: key() });
    expect(full.statusCode).toBe(400);
    expect(full.json().fields).toEqual({ slot: 'Ce créneau vient d’être complet\u00a0: choisissez-en un autre.' });
    expect(await requestsOf(late.memberId)).toEqual([]);
    const slots = (await camille.get('/api/advisor/callback-slots')).json().data.slots as { start: string }[];
    expect(slots.some((s) => s.start === slot)).toBe(false);
    expect(slots.some((s) => s.start === '2026-12-28T09:30:00.000Z')).toBe(true);

    const agent = await staff();
    const detail = (await agent.get(`/api/bo/cases/${requestId}`)).json().data;
    expect(detail.messages[0].body).toContain('Rappel souhaité le lundi 28 décembre à 10\u00a0h\u00a000 au 06 12 34 56 78.');
    expect((await agent.post(`/api/bo/cases/${requestId}/step`, { step: 'done' })).statusCode).toBe(200);
    const [closed] = await t.database.db.select().from(cases).where(eq(cases.requestId, requestId));
    expect(closed!.state).toBe('CLOSED');
  });
});
