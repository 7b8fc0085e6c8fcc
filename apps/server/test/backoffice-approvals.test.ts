import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, boApprovals, cases, refunds, staff, staffTenants } from '../src/db/schema';
import { DEMO_STAFF } from '../src/modules/backoffice/seed';
import { DEMO_ACCOUNTS, signIn, type AuthClient } from './auth-helper';
import { multipart, samplePdf, samplePng, type Part } from './documents-fixtures';
import { TestClient, createTestApp, type TestApp } from './helper';
import { STAFF_HOST, signInStaff } from './staff-helper';

// Issue 13, points 4 and 7: a case's attachments, the refund an accepted claim proposes, and the
// manager's approval (four eyes) that publishes it to the member.

let t: TestApp;
let camille: AuthClient;
const SECOND_MANAGER = { email: 'manager2@gestion.localhost', totp: 'JBSWY3DPEHPK3PXPMANAGERBBBBBBBBB' };

beforeAll(async () => {
  t = await createTestApp();
  camille = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
  const db = t.database.db;
  const [any] = await db.select({ hash: staff.passwordHash }).from(staff).limit(1);
  const [row] = await db
    .insert(staff)
    .values({ email: SECOND_MANAGER.email, displayName: 'Maud Manager', role: 'manager', passwordHash: any!.hash, totpSecret: SECOND_MANAGER.totp, totpConfirmedAt: new Date() })
    .returning({ id: staff.id });
  await db.insert(staffTenants).values({ staffId: row!.id, tenantId: 'mutua' });
});
afterAll(() => t.close());

const staffClient = (email: string, totp: string) => signInStaff(t, { email, totp }, new TestClient(t.app, STAFF_HOST));
const demo = (who: keyof typeof DEMO_STAFF) => staffClient(DEMO_STAFF[who].email, DEMO_STAFF[who].totp!);

const today = new Date().toISOString().slice(0, 10);
/** A refund claim sent by Camille through the member API; returns its request id. */
async function refundClaim(): Promise<string> {
  const fields = { actCode: 'KINESITHERAPIE', familyPosition: '3', careDate: today, amount: '120,00', sessionMode: 'single', comment: 'Séance de kiné' };
  const parts: Part[] = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'document.FACTURE_DETAILLEE', filename: 'facture.pdf', content: await samplePdf('Facture'), contentType: 'application/pdf' },
    { name: 'document.DECOMPTE_SECURITE_SOCIALE', filename: 'decompte.png', content: samplePng(), contentType: 'image/png' },
  ];
  const body = multipart(parts);
  const res = await camille.post('/api/refund-requests', body.payload, { headers: body.headers });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.requestId as string;
}

const proposal = (caseId: string, overrides: Record<string, unknown> = {}) => ({
  caseId,
  actFamily: 'paramedical',
  actWording: 'Kinésithérapie',
  careDate: today,
  totalCostCents: 12_000,
  socialSecurityCents: 4_200,
  productCents: 5_000,
  socialSecurityRate: 60,
  ...overrides,
});

const refundCount = async () => Number((await t.database.db.select({ n: count() }).from(refunds))[0]!.n);
const approvalCount = async () => Number((await t.database.db.select({ n: count() }).from(boApprovals))[0]!.n);
const memberRefundRefs = async () => ((await camille.get('/api/refunds?limit=100')).json().data.items as { id: string; reference: string }[]).map((r) => r.id);

describe('case attachments', () => {
  it('downloads a file of the case for the staff of its tenant, audited; other files and tenants 404', async () => {
    const caseId = await refundClaim();
    const agent = await demo('agent');
    const detail = (await agent.get(`/api/bo/cases/${caseId}`)).json().data;
    const file = detail.messages[0].attachments.find((a: { nameFile: string }) => a.nameFile === 'facture.pdf');
    const res = await agent.get(`/api/bo/cases/${caseId}/files/${file.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    expect(res.headers['content-disposition']).toContain('facture.pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const [audit] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.kind, 'CASE_FILE_DOWNLOADED'), eq(auditEvents.memberId, detail.memberId)));
    expect(audit?.details).toMatchObject({ caseId, fileId: file.id });

    // Another case's file through this case, another tenant's staff, a member: 404.
    const other = await refundClaim();
    const otherFile = (await agent.get(`/api/bo/cases/${other}`)).json().data.messages[0].attachments[0];
    expect((await agent.get(`/api/bo/cases/${caseId}/files/${otherFile.id}`)).statusCode).toBe(404);
    const azur = await demo('azurAgent');
    expect((await azur.get(`/api/bo/cases/${caseId}/files/${file.id}`)).statusCode).toBe(404);
    expect((await agent.get(`/api/bo/cases/${caseId}/files/not-a-uuid`)).statusCode).toBe(400);
  });
});

describe('four eyes: POST /api/bo/refunds and POST /api/bo/approvals/{id}', () => {
  it('an agent proposes, a manager approves once: the member sees the refund and its statement, the case is taken in charge', async () => {
    const caseId = await refundClaim();
    const agent = await demo('agent');
    const defaults = (await agent.get(`/api/bo/cases/${caseId}/refund`)).json().data;
    expect(defaults.defaults).toMatchObject({ careDate: today, totalCostCents: 12_000, actWording: 'Kinésithérapie' });

    const before = await memberRefundRefs();
    const proposed = await agent.post('/api/bo/refunds', proposal(caseId));
    expect(proposed.statusCode, proposed.body).toBe(201);
    const approvalId = proposed.json().data.id as string;
    // Pending: the member sees the checks done but no refund yet.
    expect(await memberRefundRefs()).toEqual(before);
    const steps = async () => {
      const info = (await camille.get('/api/all-info?actionKey=requests')).json().data;
      const r = info.allRequests.flatMap((g: { requests: { id: string }[] }) => g.requests).find((x: { id: string }) => x.id === caseId);
      return r.statusList.map((s: { label: string }) => s.label) as string[];
    };
    expect(await steps()).toEqual(['Reçu par nos équipes', 'Vérifications effectuées']);
    // A second proposal while one waits: refused.
    expect((await agent.post('/api/bo/refunds', proposal(caseId))).json().error.code).toBe('APPROVAL_PENDING');
    // Nor taken in charge by hand while the refund waits.
    const byHand = await agent.post(`/api/bo/cases/${caseId}/step`, { step: 'done' });
    expect(byHand.statusCode).toBe(409);
    expect(byHand.json().error.code).toBe('APPROVAL_PENDING');

    // The agent cannot approve; another tenant's staff does not see it.
    const agentTry = await agent.post(`/api/bo/approvals/${approvalId}`, { decision: 'APPROVE' });
    expect(agentTry.statusCode).toBe(403);
    expect((await (await demo('azurAgent')).post(`/api/bo/approvals/${approvalId}`, { decision: 'APPROVE' })).statusCode).toBe(404);
    expect(await memberRefundRefs()).toEqual(before);

    const manager = await demo('manager');
    const pending = (await manager.get('/api/bo/approvals')).json().data as { id: string; proposedBy: { displayName: string } }[];
    expect(pending.find((a) => a.id === approvalId)?.proposedBy.displayName).toBe('Alice Agent');
    const approved = await manager.post(`/api/bo/approvals/${approvalId}`, { decision: 'APPROVE' });
    expect(approved.statusCode, approved.body).toBe(200);
    const refundId = approved.json().data.refundId as string;
    const again = await manager.post(`/api/bo/approvals/${approvalId}`, { decision: 'APPROVE' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Cette proposition a déjà été traitée.');
    expect(await t.database.db.select().from(refunds).where(eq(refunds.id, refundId))).toHaveLength(1);
    expect((await memberRefundRefs()).filter((id) => !before.includes(id))).toEqual([refundId]);

    // The member's refund: the amounts proposed, for the person cared for; its statement downloads.
    const detail = (await camille.get(`/api/refunds/${refundId}`)).json().data;
    expect(detail).toMatchObject({ productCents: 5_000, socialSecurityCents: 4_200, totalCostCents: 12_000, remainingChargeCents: 2_800, actWording: 'Kinésithérapie', beneficiary: { familyPosition: 3 } });
    const statement = await camille.get(`/api/refunds/${refundId}/statement`);
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['content-type']).toContain('application/pdf');
    expect(await steps()).toEqual(['Reçu par nos équipes', 'Vérifications effectuées', 'Prise en charge']);
    const [c] = await t.database.db.select().from(cases).where(eq(cases.requestId, caseId));
    expect(c?.state).toBe('CLOSED');
    const kinds = (await t.database.db.select({ kind: auditEvents.kind, details: auditEvents.details }).from(auditEvents)).filter((a) => (a.details as { approvalId?: string }).approvalId === approvalId).map((a) => a.kind);
    expect(kinds).toEqual(expect.arrayContaining(['BO_REFUND_PROPOSED', 'BO_APPROVAL_APPROVED', 'BO_APPROVAL_REFUSED']));
  });

  it('a manager never approves their own proposal; another manager rejects with a reason and nothing is published', async () => {
    const caseId = await refundClaim();
    const manager = await demo('manager');
    const proposed = await manager.post('/api/bo/refunds', proposal(caseId));
    expect(proposed.statusCode).toBe(201);
    const id = proposed.json().data.id as string;
    const own = await manager.post(`/api/bo/approvals/${id}`, { decision: 'APPROVE' });
    expect(own.statusCode).toBe(403);
    expect(own.json().error.code).toBe('APPROVAL_OWN');
    const refundsBefore = await refundCount();
    const second = await staffClient(SECOND_MANAGER.email, SECOND_MANAGER.totp);
    const noReason = await second.post(`/api/bo/approvals/${id}`, { decision: 'REJECT' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Indiquez le motif du refus.');
    const rejected = await second.post(`/api/bo/approvals/${id}`, { decision: 'REJECT', reason: 'Montant à revoir' });
    expect(rejected.json().data).toEqual({ state: 'REJECTED', refundId: null });
    expect(await refundCount()).toBe(refundsBefore);
    // The case stays open: a new proposal is possible, and this time the second manager approves it.
    const retry = await manager.post('/api/bo/refunds', proposal(caseId, { productCents: 6_000 }));
    expect(retry.statusCode).toBe(201);
    expect((await second.post(`/api/bo/approvals/${retry.json().data.id}`, { decision: 'APPROVE' })).statusCode).toBe(200);
    expect(await refundCount()).toBe(refundsBefore + 1);
  });

  it('refuses bad input in French and stores nothing; a message case or another tenant’s case is no refund claim', async () => {
    const caseId = await refundClaim();
    const agent = await demo('agent');
    const before = await approvalCount();
    const bad = await agent.post('/api/bo/refunds', proposal(caseId, { productCents: 10_000, actWording: '' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Saisissez le libellé de l’acte.');
    const over = await agent.post('/api/bo/refunds', proposal(caseId, { productCents: 10_000 }));
    expect(over.statusCode).toBe(400);
    expect(over.body).toContain('dépassent la dépense');
    const negative = await agent.post('/api/bo/refunds', proposal(caseId, { socialSecurityCents: -1 }));
    expect(negative.body).toContain('ne peut pas être négatif');
    expect((await agent.post('/api/bo/refunds', proposal(caseId, { careDate: 'hier' }))).body).toContain('date des soins');
    expect((await agent.post('/api/bo/refunds', { ...proposal(caseId), caseId: 'x' })).statusCode).toBe(400);
    expect(await approvalCount()).toBe(before);
    // Another tenant's staff: 404; a message case: 409.
    expect((await (await demo('azurAgent')).post('/api/bo/refunds', proposal(caseId))).statusCode).toBe(404);
    const form = multipart([
      { name: 'object', value: 'Une question' },
      { name: 'category', value: 'membership_other' },
      { name: 'message', value: 'Bonjour.' },
    ]);
    const message = (await camille.post('/api/requests/messages', form.payload, { headers: form.headers })).json().data.requestId as string;
    expect((await agent.post('/api/bo/refunds', proposal(message))).json().error.code).toBe('CASE_NOT_REFUND_CLAIM');
    // An administrator handles no case.
    expect((await (await demo('administrator')).post('/api/bo/refunds', proposal(caseId))).statusCode).toBe(403);
    expect((await agent.post(`/api/bo/approvals/${caseId}`, { decision: 'MAYBE' })).statusCode).toBe(400);
    expect(await approvalCount()).toBe(before);
  });
});

describe('complaint answer: POST /api/bo/cases/{id}/complaint-answer', () => {
  async function complaint(): Promise<string> {
    const form = multipart(Object.entries({ subject: 'Remboursement incomplet', theme: 'refunds', comment: 'Mon remboursement est incomplet.' }).map(([name, value]) => ({ name, value })));
    const res = await camille.post('/api/complaints', form.payload, { headers: form.headers });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.requestId as string;
  }
  const requestOf = async (id: string) =>
    ((await camille.get('/api/all-info?actionKey=requests')).json().data.allRequests.flatMap((g: { requests: unknown[] }) => g.requests) as { id: string; statusList: { label: string }[]; messages: { direction: string; body: string }[] }[]).find((r) => r.id === id)!;

  it('a refusal reaches the member with the mediator’s details, acknowledged and answered on the timeline', async () => {
    const id = await complaint();
    const agent = await demo('agent');
    const empty = await agent.post(`/api/bo/cases/${id}/complaint-answer`, { outcome: 'REFUSED', message: ' ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain('Saisissez la réponse.');
    expect((await agent.post(`/api/bo/cases/${id}/complaint-answer`, { outcome: 'MAYBE', message: 'x' })).body).toContain('acceptée ou refusée');
    expect((await requestOf(id)).messages.filter((m) => m.direction === 'insurer')).toHaveLength(0);
    expect((await (await demo('azurAgent')).post(`/api/bo/cases/${id}/complaint-answer`, { outcome: 'ACCEPTED', message: 'Oui' })).statusCode).toBe(404);

    const res = await agent.post(`/api/bo/cases/${id}/complaint-answer`, { outcome: 'REFUSED', message: 'Le remboursement est conforme à votre garantie.' });
    expect(res.statusCode, res.body).toBe(201);
    const request = await requestOf(id);
    const answer = request.messages.find((m) => m.direction === 'insurer')!;
    expect(answer.body).toContain('Le remboursement est conforme à votre garantie.');
    expect(answer.body).toContain('Médiateur de la Mutualité Française');
    expect(answer.body).toContain('https://www.mediateur-mutualite.fr');
    expect(request.statusList.map((s) => s.label).slice(-2)).toEqual(['En cours de traitement', 'Réponse apportée']);
    const [c] = await t.database.db.select().from(cases).where(eq(cases.requestId, id));
    expect(c?.ackDueAt).toBeNull();
    const [audit] = await t.database.db.select().from(auditEvents).where(and(eq(auditEvents.kind, 'CASE_COMPLAINT_ANSWERED'), eq(auditEvents.memberId, c!.memberId)));
    expect(audit?.details).toMatchObject({ caseId: id, outcome: 'REFUSED' });
  });

  it('an accepted complaint carries no mediator; a refund claim is no complaint', async () => {
    const id = await complaint();
    const agent = await demo('agent');
    expect((await agent.post(`/api/bo/cases/${id}/complaint-answer`, { outcome: 'ACCEPTED', message: 'Nous régularisons votre remboursement.' })).statusCode).toBe(201);
    const answer = (await requestOf(id)).messages.find((m) => m.direction === 'insurer')!;
    expect(answer.body).toBe('Nous régularisons votre remboursement.');
    const claim = await refundClaim();
    expect((await agent.post(`/api/bo/cases/${claim}/complaint-answer`, { outcome: 'ACCEPTED', message: 'x' })).json().error.code).toBe('CASE_NOT_COMPLAINT');
  });
});

describe('additional parts: POST /api/bo/cases/{id}/additional-parts', () => {
  it('asks the member for a document in the same group; the member answers with a file; the claim waits for information', async () => {
    const claim = await refundClaim();
    const agent = await demo('agent');
    const short = await agent.post(`/api/bo/cases/${claim}/additional-parts`, { message: 'x' });
    expect(short.statusCode).toBe(400);
    expect(short.body).toContain('Indiquez les pièces attendues.');
    expect((await (await demo('azurAgent')).post(`/api/bo/cases/${claim}/additional-parts`, { message: 'La facture détaillée, svp.' })).statusCode).toBe(404);

    const res = await agent.post(`/api/bo/cases/${claim}/additional-parts`, { message: 'Merci de nous transmettre la facture détaillée.' });
    expect(res.statusCode, res.body).toBe(201);
    const askId = res.json().data.requestId as string;
    const groups = (await camille.get('/api/all-info?actionKey=requests')).json().data.allRequests as { requests: { id: string; typeCode: number; statusKey: string; statusList: { label: string }[]; messages: { direction: string; body: string }[] }[] }[];
    const group = groups.find((g) => g.requests.some((r) => r.id === claim))!;
    const ask = group.requests.find((r) => r.id === askId)!;
    expect(ask).toMatchObject({ typeCode: 10005, statusKey: 'unread' });
    expect(ask.statusList.map((s) => s.label)).toEqual(['Informations requises']);
    expect(ask.messages[0]).toMatchObject({ direction: 'insurer', body: 'Merci de nous transmettre la facture détaillée.' });
    expect(group.requests.find((r) => r.id === claim)!.statusList.at(-1)?.label).toBe('En attente d’informations');

    const form = multipart([
      { name: 'message', value: 'Voici la facture.' },
      { name: 'attachments', filename: 'facture-detaillee.pdf', content: await samplePdf('Facture détaillée'), contentType: 'application/pdf' },
    ]);
    const answer = await camille.post(`/api/requests/${askId}/messages`, form.payload, { headers: form.headers });
    expect(answer.statusCode, answer.body).toBe(201);
    const detail = (await agent.get(`/api/bo/cases/${askId}`)).json().data;
    expect(detail.statusList.map((s: { label: string }) => s.label)).toEqual(['Informations requises', 'Étude de votre réponse']);
    expect(detail.messages.at(-1).attachments[0].nameFile).toBe('facture-detaillee.pdf');
    // The agent closes it.
    expect((await agent.post(`/api/bo/cases/${askId}/step`, { step: 'done' })).statusCode).toBe(200);
    const [c] = await t.database.db.select().from(cases).where(eq(cases.requestId, askId));
    expect(c?.state).toBe('CLOSED');
  });
});
