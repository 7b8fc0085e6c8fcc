// Long because it covers every four-eyes approval (what is proposed, approved, refused, by whom) across the areas that send one.
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parisEndOfDay } from '@mutua/contracts/backoffice-admin';
import { parisIsoDate } from '@mutua/contracts/dates';
import { auditEvents, boApprovalFiles, boApprovals, cases, complaints, refunds, storedFiles } from '../src/db/schema';
import { DEMO_ACCOUNTS, outbox, signIn, type AuthClient } from './support/auth';
import { multipart, samplePdf, samplePng, type Part } from './support/documents-fixtures';
import { TestClient, createTestApp, type TestApp } from './support/test-app';
import { addManager, staffSessions } from './support/staff-clients';
import { sendRefundClaim, sendMemberMessage } from './support/member-requests';

// A case's attachments, the refund an accepted claim proposes, and the
// manager's approval (four eyes) that publishes it to the member.

let t: TestApp;
let camille: AuthClient;
const SECOND_MANAGER = { email: 'manager2@gestion.localhost', totp: 'JBSWY3DPEHPK3PXPMANAGERBBBBBBBBB' };

beforeAll(async () => {
  t = await createTestApp();
  camille = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
  await addManager(t, { ...SECOND_MANAGER, displayName: 'Maud Manager' });
});
afterAll(() => t.close());

const { signedIn: staffClient, demo } = staffSessions(() => t);

const today = parisIsoDate();
/** A refund claim sent by Camille through the member API; returns its request id. */
const refundClaim = (): Promise<string> =>
  sendRefundClaim(
    camille,
    { actCode: 'KINESITHERAPIE', familyPosition: '3', careDate: today, amount: '120,00', sessionMode: 'single', comment: 'Séance de kiné' },
    [{ name: 'document.DECOMPTE_SECURITE_SOCIALE', filename: 'decompte.png', content: samplePng(), contentType: 'image/png' }],
  );

/** The claim as the agent proposes it: the act, date and expense; the engine computes the amounts. */
const kineLine = { actCode: 'KINE', expenseCents: 12_000, quantity: 1, sector: '1' };
const proposal = (caseId: string, overrides: Record<string, unknown> = {}) => ({ caseId, familyPosition: 3, careDate: today, lines: [kineLine], ...overrides });

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
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'CASE_FILE_DOWNLOADED'), eq(auditEvents.memberId, detail.memberId)));
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
    expect(defaults.defaults).toMatchObject({ careDate: today, totalCostCents: 12_000, actWording: 'Kinésithérapie', familyPosition: 3, problem: null });
    // The engine proposes the line from the claim: kinésithérapie 16,13 € base, 60 %, Confort 100 % BR.
    const engine = defaults.defaults.proposal.lines[0];
    expect(defaults.defaults.proposal.inputs).toEqual([{ ...kineLine }]);
    expect(engine).toMatchObject({
      actCode: 'KINE',
      expenseCents: 12_000,
      baseCents: 1613,
      amoRate: 60,
      amoNetCents: 968,
      amcCents: 645,
      remainingCents: 10_387,
    });

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
    const pending = (await manager.get('/api/bo/approvals')).json().data as { id: string; memberName: string; proposedBy: { displayName: string } }[];
    expect(pending.find((a) => a.id === approvalId)?.proposedBy.displayName).toBe('Alice Agent');
    expect(pending.find((a) => a.id === approvalId)?.memberName).toBe('Camille Durand');
    const approved = await manager.post(`/api/bo/approvals/${approvalId}`, { decision: 'APPROVE' });
    expect(approved.statusCode, approved.body).toBe(200);
    const refundId = approved.json().data.refundId as string;
    const again = await manager.post(`/api/bo/approvals/${approvalId}`, { decision: 'APPROVE' });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Cette proposition a déjà été traitée.');
    expect(await t.database.db.select().from(refunds).where(eq(refunds.id, refundId))).toHaveLength(1);
    expect((await memberRefundRefs()).filter((id) => !before.includes(id))).toEqual([refundId]);

    const detail = (await camille.get(`/api/refunds/${refundId}`)).json().data;
    // The member's refund: the engine's figures, with its explanation and version, for the person cared for.
    expect(detail).toMatchObject({
      productCents: 645,
      socialSecurityCents: 968,
      totalCostCents: 12_000,
      remainingChargeCents: 10_387,
      beneficiary: { familyPosition: 3 },
    });
    expect(detail.acts[0]).toMatchObject({
      actCode: 'KINE',
      amcCents: 645,
      explanation: engine.explanation,
      engineVersion: engine.engineVersion,
      correction: null,
    });
    const statement = await camille.get(`/api/refunds/${refundId}/statement`);
    expect(statement.statusCode).toBe(200);
    expect(statement.headers['content-type']).toContain('application/pdf');
    expect(await steps()).toEqual(['Reçu par nos équipes', 'Vérifications effectuées', 'Prise en charge']);
    const [c] = await t.database.db.select().from(cases).where(eq(cases.requestId, caseId));
    expect(c?.state).toBe('CLOSED');
    const kinds = (await t.database.db.select({ kind: auditEvents.kind, details: auditEvents.details }).from(auditEvents))
      .filter((a) => (a.details as { approvalId?: string }).approvalId === approvalId)
      .map((a) => a.kind);
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
    expect(rejected.json().data).toEqual({ state: 'REJECTED', refundId: null, documentId: null });
    expect(await refundCount()).toBe(refundsBefore);
    // The case stays open: a new proposal is possible, and this time the second manager approves it.
    const retry = await manager.post(
      '/api/bo/refunds',
      proposal(caseId, { lines: [{ ...kineLine, correction: { amcCents: 700, reason: 'Dépassement accepté à titre commercial' } }] }),
    );
    expect(retry.statusCode).toBe(201);
    expect((await second.post(`/api/bo/approvals/${retry.json().data.id}`, { decision: 'APPROVE' })).statusCode).toBe(200);
    expect(await refundCount()).toBe(refundsBefore + 1);
  });

  it('refuses bad input in French and stores nothing; a message case or another tenant’s case is no refund claim', async () => {
    const caseId = await refundClaim();
    const agent = await demo('agent');
    const before = await approvalCount();
    const noLine = await agent.post('/api/bo/refunds', proposal(caseId, { lines: [] }));
    expect(noLine.statusCode).toBe(400);
    expect(noLine.body).toContain('Ajoutez au moins un acte.');
    const unknownAct = await agent.post('/api/bo/refunds', proposal(caseId, { lines: [{ ...kineLine, actCode: 'NOPE' }] }));
    expect(unknownAct.json().error.code).toBe('CARE_ACT_UNKNOWN');
    const zero = await agent.post('/api/bo/refunds', proposal(caseId, { lines: [{ ...kineLine, expenseCents: 0 }] }));
    expect(zero.body).toContain('Le prix des soins doit être supérieur à 0,00');
    const noReason = await agent.post('/api/bo/refunds', proposal(caseId, { lines: [{ ...kineLine, correction: { amcCents: 1000, reason: '' } }] }));
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('Indiquez le motif de la correction');
    const over = await agent.post(
      '/api/bo/refunds',
      proposal(caseId, { lines: [{ ...kineLine, correction: { amcCents: 11_100, reason: 'Tout rembourser' } }] }),
    );
    expect(over.statusCode).toBe(400);
    expect(over.body).toContain('La correction dépasse ce que la mutuelle peut rembourser');
    expect((await agent.post('/api/bo/refunds', proposal(caseId, { familyPosition: 9 }))).json().error.code).toBe('GUARANTEE_NOT_COVERED');
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

describe('four eyes for documents: POST /api/bo/documents, GET /api/bo/approvals/{id}/file', () => {
  /** A message Camille sends (a request for an attestation); returns its request id. */
  const memberQuestion = (object: string) => sendMemberMessage(camille, object, 'Pouvez-vous m’envoyer une attestation\u00a0?');
  const documentForm = async (caseId: string, overrides: { name?: string; message?: string; files?: Part[] } = {}) =>
    multipart([
      { name: 'caseId', value: caseId },
      { name: 'name', value: overrides.name ?? 'Attestation de droits complémentaire' },
      { name: 'message', value: overrides.message ?? 'Bonjour, voici votre attestation.' },
      ...(overrides.files ?? [
        {
          name: 'file',
          filename: 'attestation.pdf',
          content: await samplePdf('Attestation de droits', ['Camille Durand est couverte.']),
          contentType: 'application/pdf',
        },
      ]),
    ]);
  const post = async (client: TestClient, form: { payload: Buffer; headers: Record<string, string> }) =>
    client.post('/api/bo/documents', form.payload, { headers: form.headers });
  const memberThread = async (caseId: string) => {
    const info = (await camille.get('/api/all-info?actionKey=requests')).json().data;
    type Seen = { id: string; read: boolean; messages: { direction: string; body: string; attachments: { id: string; name: string; nameFile: string }[] }[] };
    return (info.allRequests as { requests: Seen[] }[]).flatMap((g) => g.requests).find((r) => r.id === caseId)!;
  };

  it('an agent proposes a PDF, the member sees nothing until another manager approves; then it is in the thread, unread, mailed, downloadable', async () => {
    const caseId = await memberQuestion('Attestation demandée');
    const agent = await demo('agent');
    const proposed = await post(agent, await documentForm(caseId));
    expect(proposed.statusCode, proposed.body).toBe(201);
    const approvalId = proposed.json().data.id as string;
    const filesBefore = (await t.database.db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.requestId, caseId))).length;

    // Pending: nothing reaches the member, and a second proposal on the case waits its turn.
    expect((await memberThread(caseId)).messages.map((m) => m.direction)).toEqual(['member']);
    expect(JSON.stringify((await camille.get('/api/all-info?actionKey=requests')).json())).not.toContain('Attestation de droits complémentaire');
    expect((await post(agent, await documentForm(caseId))).json().error.code).toBe('APPROVAL_PENDING');

    // The manager reads the PDF first; the agent cannot approve, nor another tenant's staff see it.
    const manager = await demo('manager');
    const listed = ((await manager.get('/api/bo/approvals')).json().data as { id: string; kind: string; document: unknown; refund: unknown }[]).find(
      (a) => a.id === approvalId,
    );
    expect(listed).toMatchObject({
      kind: 'document',
      refund: null,
      document: { name: 'Attestation de droits complémentaire', fileName: 'attestation.pdf', message: 'Bonjour, voici votre attestation.' },
    });
    const read = await manager.get(`/api/bo/approvals/${approvalId}/file`);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toContain('application/pdf');
    expect(read.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const azur = await demo('azurAgent');
    expect((await azur.get(`/api/bo/approvals/${approvalId}/file`)).statusCode).toBe(404);
    expect((await azur.post(`/api/bo/approvals/${approvalId}`, { decision: 'APPROVE' })).statusCode).toBe(404);
    expect((await agent.post(`/api/bo/approvals/${approvalId}`, { decision: 'APPROVE' })).statusCode).toBe(403);
    expect((await camille.get(`/api/bo/approvals/${approvalId}/file`)).statusCode).not.toBe(200);
    expect((await memberThread(caseId)).messages).toHaveLength(1);

    const mailsBefore = (await outbox(t, { to: 'camille.durand@example.com', kind: 'NEW_MESSAGE' })).length;
    const approved = await manager.post(`/api/bo/approvals/${approvalId}`, { decision: 'APPROVE' });
    expect(approved.statusCode, approved.body).toBe(200);
    const documentId = approved.json().data.documentId as string;
    expect(approved.json().data).toMatchObject({ state: 'APPROVED', refundId: null });
    // Once: a second click publishes nothing more.
    expect((await manager.post(`/api/bo/approvals/${approvalId}`, { decision: 'APPROVE' })).statusCode).toBe(409);

    const seen = await memberThread(caseId);
    expect(seen.read).toBe(false);
    expect(seen.messages.map((m) => m.direction)).toEqual(['member', 'insurer']);
    expect(seen.messages[1]).toMatchObject({
      body: 'Bonjour, voici votre attestation.',
      attachments: [{ id: documentId, name: 'Attestation de droits complémentaire', nameFile: 'attestation.pdf' }],
    });
    const download = await camille.get(`/api/requests/messages/file?documentId=${documentId}`);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(read.rawPayload)).toBe(true);
    expect((await t.database.db.select({ id: storedFiles.id }).from(storedFiles).where(eq(storedFiles.requestId, caseId))).length).toBe(filesBefore + 1);
    await expect.poll(async () => (await outbox(t, { to: 'camille.durand@example.com', kind: 'NEW_MESSAGE' })).length, { timeout: 5000 }).toBe(mailsBefore + 1);
    const kinds = (await t.database.db.select({ kind: auditEvents.kind, details: auditEvents.details }).from(auditEvents))
      .filter((a) => (a.details as { approvalId?: string }).approvalId === approvalId)
      .map((a) => a.kind);
    expect(kinds).toEqual(expect.arrayContaining(['BO_DOCUMENT_PROPOSED', 'APPROVAL_FILE_DOWNLOADED', 'BO_APPROVAL_APPROVED', 'BO_APPROVAL_REFUSED']));
  });

  it('a rejected document never reaches the member; the proposer never approves their own', async () => {
    const caseId = await memberQuestion('Courrier à envoyer');
    const manager = await demo('manager');
    const id = (await post(manager, await documentForm(caseId, { name: 'Courrier de résiliation' }))).json().data.id as string;
    expect((await manager.post(`/api/bo/approvals/${id}`, { decision: 'APPROVE' })).json().error.code).toBe('APPROVAL_OWN');
    const second = await staffClient(SECOND_MANAGER.email, SECOND_MANAGER.totp);
    const rejected = await second.post(`/api/bo/approvals/${id}`, { decision: 'REJECT', reason: 'Mauvais adhérent sur le courrier' });
    expect(rejected.json().data).toEqual({ state: 'REJECTED', refundId: null, documentId: null });
    expect((await memberThread(caseId)).messages).toHaveLength(1);
    expect(JSON.stringify((await camille.get('/api/all-info?actionKey=requests')).json())).not.toContain('Courrier de résiliation');
  });

  it('refuses a form without its PDF, with an image, two files or bad fields, in French, storing nothing; other tenants and non-handlers refused', async () => {
    const caseId = await memberQuestion('Attestation, formulaire incomplet');
    const agent = await demo('agent');
    const before = await approvalCount();
    const fileCount = async () => Number((await t.database.db.select({ n: count() }).from(boApprovalFiles))[0]!.n);
    const filesBefore = await fileCount();

    const noFile = await post(agent, await documentForm(caseId, { files: [] }));
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe('Ajoutez le document PDF à publier (un seul fichier).');
    const image = await post(
      agent,
      await documentForm(caseId, { files: [{ name: 'file', filename: 'attestation.pdf', content: samplePng(), contentType: 'application/pdf' }] }),
    );
    expect(image.statusCode).toBe(415);
    expect(image.json().error.message).toBe('Le document à publier doit être un PDF.');
    const pdf = await samplePdf('Attestation');
    const two = await post(
      agent,
      await documentForm(caseId, { files: [1, 2].map((i) => ({ name: 'file', filename: `a${i}.pdf`, content: pdf, contentType: 'application/pdf' })) }),
    );
    expect(two.json().error.code).toBe('APPROVAL_DOCUMENT_REQUIRED');
    const shortName = await post(agent, await documentForm(caseId, { name: 'A' }));
    expect(shortName.statusCode).toBe(400);
    expect(shortName.body).toContain('Saisissez le nom du document');
    const noMessage = await post(agent, await documentForm(caseId, { message: ' ' }));
    expect(noMessage.body).toContain('Saisissez le message qui accompagne le document.');
    expect((await post(agent, await documentForm('not-a-case'))).statusCode).toBe(400);
    // Another tenant's staff: 404; an administrator handles no case: 403.
    expect((await post(await demo('azurAgent'), await documentForm(caseId))).statusCode).toBe(404);
    expect((await post(await demo('administrator'), await documentForm(caseId))).statusCode).toBe(403);
    // A member session is no staff session.
    expect((await post(camille as unknown as TestClient, await documentForm(caseId))).statusCode).not.toBe(201);
    expect(await approvalCount()).toBe(before);
    expect(await fileCount()).toBe(filesBefore);
  });
});

describe('complaint answer: POST /api/bo/cases/{id}/complaint-answer', () => {
  async function complaint(): Promise<string> {
    const form = multipart(
      Object.entries({ subject: 'Remboursement incomplet', theme: 'refunds', comment: 'Mon remboursement est incomplet.' }).map(([name, value]) => ({
        name,
        value,
      })),
    );
    const res = await camille.post('/api/complaints', form.payload, { headers: form.headers });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.requestId as string;
  }
  const requestOf = async (id: string) =>
    (
      (await camille.get('/api/all-info?actionKey=requests')).json().data.allRequests.flatMap((g: { requests: unknown[] }) => g.requests) as {
        id: string;
        statusList: { label: string }[];
        messages: { direction: string; body: string }[];
      }[]
    ).find((r) => r.id === id)!;

  it('carries the complaints rule’s deadlines (the dates the member reads), and the queue sorts and pages by the earliest one', async () => {
    const id = await complaint();
    const [filed] = await t.database.db.select().from(complaints).where(eq(complaints.requestId, id));
    const agent = await demo('agent');
    type Item = { id: string; dueAt: string; ackDueAt: string | null };
    const items: Item[] = [];
    for (let after: string | null = '', pages = 0; after !== null && pages < 50; pages++) {
      const page = (await agent.get(`/api/bo/cases?view=all${after ? `&after=${encodeURIComponent(after)}` : ''}`)).json().data as {
        items: Item[];
        next: string | null;
      };
      items.push(...page.items);
      after = page.next;
    }
    const mine = items.find((i) => i.id === id)!;
    // 10 jours ouvrables and 2 months, end of the Paris day, exactly as the member's copy says.
    expect(mine.ackDueAt).toBe(parisEndOfDay(filed!.acknowledgeBy).toISOString());
    expect(new Date(mine.dueAt).getTime()).toBeLessThanOrEqual(parisEndOfDay(filed!.answerBy).getTime());
    // What is shown is what sorts: by the earliest open deadline, each case once.
    const earliest = items.map((i) => Math.min(Date.parse(i.dueAt), i.ackDueAt ? Date.parse(i.ackDueAt) : Infinity));
    expect(earliest).toEqual([...earliest].sort((a, b) => a - b));
    expect(new Set(items.map((i) => i.id)).size).toBe(items.length);
  });

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
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'CASE_COMPLAINT_ANSWERED'), eq(auditEvents.memberId, c!.memberId)));
    expect(audit?.details).toMatchObject({ caseId: id, outcome: 'REFUSED' });
  });

  it('an accepted complaint carries no mediator; a refund claim is no complaint', async () => {
    const id = await complaint();
    const agent = await demo('agent');
    expect(
      (await agent.post(`/api/bo/cases/${id}/complaint-answer`, { outcome: 'ACCEPTED', message: 'Nous régularisons votre remboursement.' })).statusCode,
    ).toBe(201);
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
    const groups = (await camille.get('/api/all-info?actionKey=requests')).json().data.allRequests as {
      requests: { id: string; typeCode: number; statusKey: string; statusList: { label: string }[]; messages: { direction: string; body: string }[] }[];
    }[];
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
