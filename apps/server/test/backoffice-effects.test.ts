import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, bankDetailsChanges, beneficiaries, cases, contracts, requestMessages } from '../src/db/schema';
import { DEMO_STAFF } from '../src/modules/backoffice/seed';
import { parisDate } from '../src/lib/clock';
import { DEMO_ACCOUNTS, createTestMember, outbox, signIn, type AuthClient } from './support/auth';
import { fields, multipart, postMultipart, samplePdf } from './support/documents-fixtures';
import { TestClient, createTestApp, type TestApp } from './support/test-app';
import { STAFF_HOST, signInStaff } from './support/staff';
import { bankAccountsOf, insertBankAccount } from './support/protected-rows';
import { newbornFields } from './support/member-requests';

// What accepting a case does — a beneficiary addition adds the person to the family,
// a refund account change puts the account in force — and a refusal's answer; the new-message mail of
// the complaint answer and the parts request.

let t: TestApp;
const db = () => t.database.db;
const today = parisDate(new Date());

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const demo = (who: keyof typeof DEMO_STAFF) => signInStaff(t, { email: DEMO_STAFF[who].email, totp: DEMO_STAFF[who].totp! }, new TestClient(t.app, STAFF_HOST));

async function freshMember() {
  const m = await createTestMember(t);
  return { ...m, client: await signIn(t, m.login) };
}

/** The member asks to add a newborn through the member API; returns the request id. */
async function addRequest(member: AuthClient, firstName = 'Inès'): Promise<string> {
  const res = await postMultipart(member, '/api/beneficiaries', [
    ...newbornFields({ firstName }),
    { name: 'files', filename: 'acte-naissance.pdf', content: await samplePdf('Acte de naissance') },
  ]);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.requestId as string;
}

const stepsOf = async (member: AuthClient, id: string) => {
  const info = (await member.get('/api/all-info?actionKey=requests')).json().data;
  const r = info.allRequests.flatMap((g: { requests: { id: string }[] }) => g.requests).find((x: { id: string }) => x.id === id);
  return r as { statusKey: string; statusList: { step: string }[]; messages: { direction: string; body: string }[] };
};
const familySize = async (memberId: string) =>
  Number((await db().select({ n: count() }).from(beneficiaries).where(eq(beneficiaries.memberId, memberId)))[0]!.n);

describe('POST /api/bo/cases/{id}/accept: a beneficiary addition', () => {
  it('adds the person to the family once, with the family’s contract; the case is done and audited', async () => {
    const m = await freshMember();
    const id = await addRequest(m.client);
    const agent = await demo('agent');

    // Another tenant's agent: 404; an administrator handles no case: 403; nothing added.
    expect((await (await demo('azurAgent')).post(`/api/bo/cases/${id}/accept`)).statusCode).toBe(404);
    expect((await (await demo('administrator')).post(`/api/bo/cases/${id}/accept`)).statusCode).toBe(403);
    expect((await agent.post('/api/bo/cases/not-a-uuid/accept')).statusCode).toBe(400);
    expect(await familySize(m.memberId)).toBe(1);
    // Closed only by its decision: no bare « Traité » step.
    expect((await agent.get(`/api/bo/cases/${id}`)).json().data.nextSteps).toEqual([]);
    const byHand = await agent.post(`/api/bo/cases/${id}/step`, { step: 'done' });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().error.code).toBe('CASE_DECISION_REQUIRED');

    const res = await agent.post(`/api/bo/cases/${id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ effect: 'add_beneficiary', familyPosition: 2 });
    const list = (await m.client.get('/api/beneficiaries')).json().data;
    expect(list.beneficiaries.map((b: { firstName: string; rank: string }) => [b.firstName, b.rank])).toEqual(expect.arrayContaining([['Inès', 'CHILD']]));
    expect(list.pendingAdditions).toEqual([]);
    const [contract] = await db()
      .select()
      .from(contracts)
      .where(and(eq(contracts.memberId, m.memberId), eq(contracts.familyPosition, 2)));
    expect(contract).toMatchObject({ label: 'Test', productNumber: 'P-1', incomingDate: today, outgoingDate: null });
    // The global details list the new person on the next load.
    const details = (await m.client.get('/api/all-info')).json().data;
    expect(details.insured.allBeneficiaries.beneficiaries.map((b: { firstName: string }) => b.firstName)).toContain('Inès');

    // Twice: 409, still one new person.
    const again = await agent.post(`/api/bo/cases/${id}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Cette demande a déjà été traitée.');
    expect((await agent.post(`/api/bo/cases/${id}/refuse`, { reason: 'Trop tard' })).statusCode).toBe(409);
    expect(await familySize(m.memberId)).toBe(2);

    const request = await stepsOf(m.client, id);
    expect(request.statusKey).toBe('done');
    expect(request.statusList.map((s) => s.step)).toEqual(['request_sent', 'done']);
    const [c] = await db().select().from(cases).where(eq(cases.requestId, id));
    expect(c?.state).toBe('CLOSED');
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'CASE_ACCEPTED'), eq(auditEvents.memberId, m.memberId)));
    expect(audit?.details).toMatchObject({ caseId: id, effect: 'add_beneficiary', familyPosition: 2 });
  });

  it('a refusal needs a reason (French 400, nothing stored), then answers the member, mails them and closes the case', async () => {
    const m = await freshMember();
    const id = await addRequest(m.client, 'Léa');
    const agent = await demo('agent');
    const messages = async () => Number((await db().select({ n: count() }).from(requestMessages).where(eq(requestMessages.requestId, id)))[0]!.n);
    const before = await messages();
    const bad = await agent.post(`/api/bo/cases/${id}/refuse`, { reason: ' ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Indiquez le motif du refus.');
    expect((await (await demo('azurAgent')).post(`/api/bo/cases/${id}/refuse`, { reason: 'Pièce illisible' })).statusCode).toBe(404);
    expect(await messages()).toBe(before);

    const res = await agent.post(`/api/bo/cases/${id}/refuse`, { reason: 'L’acte de naissance est illisible.' });
    expect(res.statusCode, res.body).toBe(201);
    const request = await stepsOf(m.client, id);
    expect(request.messages.at(-1)).toMatchObject({ direction: 'insurer', body: expect.stringContaining('Motif\u00a0: L’acte de naissance est illisible.') });
    expect(request.statusList.at(-1)?.step).toBe('done');
    expect(await familySize(m.memberId)).toBe(1);
    expect((await m.client.get('/api/beneficiaries')).json().data.pendingAdditions).toEqual([]);
    await expect.poll(async () => (await outbox(t, { to: m.emails[0]!.toLowerCase(), kind: 'NEW_MESSAGE' })).length, { timeout: 5000 }).toBe(1);
    expect((await agent.post(`/api/bo/cases/${id}/accept`)).statusCode).toBe(409);
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'CASE_REFUSED'), eq(auditEvents.memberId, m.memberId)));
    expect(audit?.details).toMatchObject({ caseId: id });
  });

  it('a case with no effect here (a plain message) is refused with 409', async () => {
    const camille = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
    const form = multipart(fields({ object: 'Une question', category: 'membership_other', message: 'Bonjour.' }));
    const message = (await camille.post('/api/requests/messages', form.payload, { headers: form.headers })).json().data.requestId as string;
    const res = await (await demo('agent')).post(`/api/bo/cases/${message}/accept`);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CASE_NO_EFFECT');
  });
});

describe('a refund account change: being checked until the back office decides', () => {
  const OLD_IBAN = 'FR7630004000031234567890143';
  /** A member with a refund account in force, who asks to change it (or a beneficiary's); returns the request id. */
  async function ribRequest(member: AuthClient, familyPosition: string, holder: string): Promise<string> {
    const body = multipart([
      ...fields({ target: 'refund', familyPosition, holder, iban: 'FR33 3000 2005 5000 0015 7841 Z25' }),
      { name: 'attachments', filename: 'rib.pdf', content: await samplePdf('RIB'), contentType: 'application/pdf' },
    ]);
    const sent = await member.post('/api/bank-details/changes', body.payload, { headers: body.headers });
    expect(sent.statusCode, sent.body).toBe(201);
    return sent.json().data.requestId as string;
  }
  const changeOf = async (requestId: string) => (await db().select().from(bankDetailsChanges).where(eq(bankDetailsChanges.requestId, requestId)))[0]!;

  it('accepted: the account the member sent is in force for the beneficiary from then on, once; the case is done', async () => {
    const m = await freshMember();
    await db()
      .insert(beneficiaries)
      .values({ memberId: m.memberId, familyPosition: 2, rank: 'CHILD', firstName: 'ZOÉ', surName: m.surName, birthDate: '2015-05-05', sex: 'F' });
    const id = await ribRequest(m.client, '2', 'Zoé Membre');
    // Sent: still paid on the main insured's account, the change shown as being checked.
    const sent = (await m.client.get('/api/bank-details')).json().data;
    expect(sent.beneficiaries[0]).toMatchObject({
      familyPosition: 2,
      sameAsMain: true,
      account: null,
      pending: expect.objectContaining({ requestId: id, ibanLast4: '1Z25' }),
    });
    const agent = await demo('agent');
    expect((await (await demo('azurAgent')).post(`/api/bo/cases/${id}/accept`)).statusCode).toBe(404);
    expect((await m.client.get('/api/bank-details')).json().data.beneficiaries[0]).toMatchObject({ account: null, pending: expect.anything() });

    // The agent reads the whole IBAN asked for (to compare with the RIB copy) and the account in force.
    const before = (await agent.get(`/api/bo/cases/${id}`)).json().data;
    expect(before.bankChange).toEqual({
      holder: 'Zoé Membre',
      iban: 'FR33 3000 2005 5000 0015 7841 Z25',
      bic: 'CRLYFRPPXXX',
      bankName: 'LCL',
      status: 'REQUEST_SENT',
      inForceIbanMasked: null,
    });

    const res = await agent.post(`/api/bo/cases/${id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ effect: 'refund_bank_details', familyPosition: 2 });
    expect((await agent.get(`/api/bo/cases/${id}`)).json().data.bankChange.status).toBe('ACCEPTED');
    const details = (await m.client.get('/api/bank-details')).json().data;
    expect(details.beneficiaries[0]).toMatchObject({
      familyPosition: 2,
      sameAsMain: false,
      account: expect.objectContaining({ holder: 'Zoé Membre', ibanLast4: '1Z25' }),
      pending: null,
    });
    expect(await changeOf(id)).toMatchObject({ status: 'ACCEPTED', closedAt: expect.any(Date) });
    expect((await agent.post(`/api/bo/cases/${id}/accept`)).statusCode).toBe(409);
    // The member reads « Traité » on the request, as for every accepted case.
    expect((await stepsOf(m.client, id)).statusList.at(-1)?.step).toBe('done');
    const [audit] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'CASE_ACCEPTED'), eq(auditEvents.memberId, m.memberId)));
    expect(JSON.stringify(audit?.details)).not.toContain('FR33');
    // Another change may be sent now that none is being checked.
    expect((await ribRequest(m.client, '1', 'Test Membre')).length).toBeGreaterThan(0);
  });

  it('refused: the account in force stays the old one, the pending line goes, the member reads the reason and may send another', async () => {
    const m = await freshMember();
    await insertBankAccount(db(), {
      memberId: m.memberId,
      usage: 'refund',
      familyPosition: 1,
      holder: 'Test Membre',
      iban: OLD_IBAN,
      bic: 'BNPAFRPPXXX',
      bankName: 'BNP Paribas',
      updatedAt: new Date(),
    });
    const id = await ribRequest(m.client, '1', 'Test Membre');
    const before = (await m.client.get('/api/bank-details')).json().data;
    expect(before.refund).toMatchObject({ ibanLast4: '0143' });
    expect(before.pendingRefund).toMatchObject({ requestId: id, ibanLast4: '1Z25' });

    const agent = await demo('agent');
    expect((await agent.get(`/api/bo/cases/${id}`)).json().data.bankChange).toMatchObject({
      status: 'REQUEST_SENT',
      inForceIbanMasked: 'FR76 •••• •••• •••• 0143',
    });
    const res = await agent.post(`/api/bo/cases/${id}/refuse`, { reason: 'Le RIB joint n’est pas au nom de l’adhérent.' });
    expect(res.statusCode, res.body).toBe(201);
    const after = (await m.client.get('/api/bank-details')).json().data;
    expect(after.refund).toMatchObject({ ibanLast4: '0143', holder: 'Test Membre' });
    expect(after.pendingRefund).toBeNull();
    expect(await changeOf(id)).toMatchObject({ status: 'REFUSED', closedAt: expect.any(Date) });
    expect((await agent.get(`/api/bo/cases/${id}`)).json().data.bankChange.status).toBe('REFUSED');
    const account = (await bankAccountsOf(db(), m.memberId)).find((a) => a.usage === 'refund' && a.familyPosition === 1);
    expect(account!.iban).toBe(OLD_IBAN);
    const request = await stepsOf(m.client, id);
    expect(request.messages.at(-1)).toMatchObject({
      direction: 'insurer',
      body: expect.stringContaining('Motif\u00a0: Le RIB joint n’est pas au nom de l’adhérent.'),
    });
    expect(request.statusList.at(-1)?.step).toBe('done');
    expect((await agent.post(`/api/bo/cases/${id}/accept`)).statusCode).toBe(409);
    expect((await m.client.get('/api/bank-details')).json().data.refund.ibanLast4).toBe('0143');
    // The same account may be asked again (the refused change blocks nothing).
    const again = await ribRequest(m.client, '1', 'Test Membre');
    expect((await m.client.get('/api/bank-details')).json().data.pendingRefund).toMatchObject({ requestId: again });
  });
});

describe('the member is mailed « Vous avez un nouveau message »', () => {
  it('on a complaint answer and on a parts request', async () => {
    const m = await freshMember();
    const to = m.emails[0]!.toLowerCase();
    const form = multipart(fields({ subject: 'Remboursement incomplet', theme: 'refunds', comment: 'Mon remboursement est incomplet.' }));
    const complaint = await m.client.post('/api/complaints', form.payload, { headers: form.headers });
    expect(complaint.statusCode, complaint.body).toBe(201);
    const id = complaint.json().data.requestId as string;
    const agent = await demo('agent');
    const mails = async () => (await outbox(t, { to, kind: 'NEW_MESSAGE' })).length;
    expect(await mails()).toBe(0);
    expect((await agent.post(`/api/bo/cases/${id}/additional-parts`, { message: 'Merci de joindre le décompte.' })).statusCode).toBe(201);
    await expect.poll(mails, { timeout: 5000 }).toBe(1);
    expect((await agent.post(`/api/bo/cases/${id}/complaint-answer`, { outcome: 'ACCEPTED', message: 'Nous régularisons.' })).statusCode).toBe(201);
    await expect.poll(mails, { timeout: 5000 }).toBe(2);
    // A refused answer (bad input) mails nothing.
    expect((await agent.post(`/api/bo/cases/${id}/complaint-answer`, { outcome: 'ACCEPTED', message: ' ' })).statusCode).toBe(400);
    expect(await mails()).toBe(2);
  });
});

describe('a returned-mail address flagged from the back office: POST /api/bo/members/{id}/undeliverable-address', () => {
  it('flags the member’s address (home alert, post-office check), audited; another tenant’s member 404; administrators 403; bad id 400', async () => {
    const member = await createTestMember(t);
    const client = await signIn(t, member.login);
    const insured = async () => (await client.get('/api/all-info')).json().data.insured as { verifySentByPostOffice: boolean };
    expect((await insured()).verifySentByPostOffice).toBe(false);

    const azur = await demo('azurAgent');
    expect((await azur.post(`/api/bo/members/${member.memberId}/undeliverable-address`)).statusCode).toBe(404);
    const admin = await demo('administrator');
    expect((await admin.post(`/api/bo/members/${member.memberId}/undeliverable-address`)).statusCode).toBe(403);
    const agent = await demo('agent');
    expect((await agent.post('/api/bo/members/not-an-id/undeliverable-address')).statusCode).toBe(400);
    expect((await insured()).verifySentByPostOffice).toBe(false);

    const flagged = await agent.post(`/api/bo/members/${member.memberId}/undeliverable-address`);
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect((await insured()).verifySentByPostOffice).toBe(true);
    expect((await client.post('/api/tp-card/paper-resend')).json().error.code).toBe('TP_CARD_ADDRESS_UNDELIVERABLE');
    const [audited] = await t.database.db
      .select({ n: count() })
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'BO_ADDRESS_UNDELIVERABLE'), eq(auditEvents.memberId, member.memberId)));
    expect(audited!.n).toBe(1);
  });
});
