import { DEFAULT_AUTO_DECISION_RULES } from '@mutua/contracts/auto-decision';
import { addDaysIso, parisIsoDate } from '@mutua/contracts/dates';
import { formatEuros } from '@mutua/contracts/french-format';
import { expectedArrivalDateOf } from '@mutua/contracts/payment-calendar';
import { IDEMPOTENCY_HEADER } from '@mutua/contracts/platform';
import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditEvents, beneficiaryProducts, claimDecisions, refundRequestDetails, refunds, requestMessages, requests } from '../src/db/schema';
import { DEMO_STAFF } from '../src/modules/backoffice/seed';
import { DEMO_ACCOUNTS, createTestMember, outbox, signIn, type AuthClient } from './support/auth';
import { memberIdOf } from './support/database';
import { multipart, samplePdf, type Part } from './support/documents-fixtures';
import { TestClient, createTestApp, type TestApp } from './support/test-app';
import { STAFF_HOST, signInStaff } from './support/staff';
import { validateTransferFile } from './support/xsd';

// Claims checked before sending, decided by the engine when standard (else to an agent with the
// reason), post-checked by a manager, and paid by SEPA transfer files the back office lists.

// The decision job reads invoices again (pdf.js, OCR): seconds each on a loaded machine, one job at a time.
vi.setConfig({ testTimeout: 240_000, hookTimeout: 180_000 });

let t: TestApp;
let camille: AuthClient;
let camilleId: string;
const today = parisIsoDate();

beforeAll(async () => {
  t = await createTestApp();
  camille = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
  camilleId = await memberIdOf(t.database.db, 'mutua', DEMO_ACCOUNTS.camille.membershipNumber);
});
afterAll(() => t.close());

const sessions = new Map<string, Promise<TestClient>>();
const bo = (who: keyof typeof DEMO_STAFF) => {
  if (!sessions.has(who)) sessions.set(who, signInStaff(t, { email: DEMO_STAFF[who].email, totp: DEMO_STAFF[who].totp! }, new TestClient(t.app, STAFF_HOST)));
  return sessions.get(who)!;
};

let invoiceCount = 0;
let daysBack = 0;
/** A care date of its own for each decided claim: two claims of one person, date and act go to an agent. */
const nextCareDate = () => addDaysIso(today, -++daysBack);
/** A distinct invoice PDF each time (its hash identifies it), or the given one. */
const invoice = async (text = `Facture ${++invoiceCount}`) => samplePdf(text, [`Facture n° ${randomUUID()}`]);

type Claim = { actCode?: string; amount?: string; familyPosition?: string; practitioner?: string; invoicePdf?: Buffer; key?: string; careDate?: string };
async function sendClaim(client: AuthClient, c: Claim = {}) {
  const fields = {
    actCode: c.actCode ?? 'CONSULTATION_GENERALISTE',
    familyPosition: c.familyPosition ?? '1',
    careDate: c.careDate ?? today,
    amount: c.amount ?? '30,00',
    sessionMode: 'single',
    practitioner: c.practitioner ?? 'Dr Claire Martin',
    comment: '',
  };
  const parts: Part[] = [
    ...Object.entries(fields).map(([name, value]) => ({ name, value })),
    { name: 'document.FACTURE_DETAILLEE', filename: 'facture.pdf', content: c.invoicePdf ?? (await invoice()), contentType: 'application/pdf' },
    { name: 'document.DECOMPTE_SECURITE_SOCIALE', filename: 'decompte.pdf', content: await samplePdf('Décompte'), contentType: 'application/pdf' },
  ];
  const body = multipart(parts);
  return client.post('/api/refund-requests', body.payload, { headers: { ...body.headers, [IDEMPOTENCY_HEADER]: c.key ?? randomUUID() } });
}

async function decisionOf(requestId: string) {
  await expect
    .poll(async () => (await t.database.db.select().from(claimDecisions).where(eq(claimDecisions.requestId, requestId))).length, {
      timeout: 120_000,
      interval: 200,
    })
    .toBe(1);
  return (await t.database.db.select().from(claimDecisions).where(eq(claimDecisions.requestId, requestId)))[0]!;
}

async function setRules(tenantId: string, rules: Partial<typeof DEFAULT_AUTO_DECISION_RULES>) {
  const admin = await bo('administrator');
  const current = (
    (await admin.get('/api/bo/auto-decision-rules')).json().data as { tenantId: string; version: number; rules: typeof DEFAULT_AUTO_DECISION_RULES }[]
  ).find((r) => r.tenantId === tenantId)!;
  const res = await admin.put('/api/bo/auto-decision-rules', { tenantId, version: current.version, rules: { ...current.rules, ...rules } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { version: number };
}

describe('automatic-decision rules', () => {
  it('are read by the staff of the tenant and changed by its administrators only, each change a new audited version', async () => {
    const agent = await bo('agent');
    const read = await agent.get('/api/bo/auto-decision-rules');
    expect(read.statusCode).toBe(200);
    const mutua = read.json().data.find((r: { tenantId: string }) => r.tenantId === 'mutua');
    expect(mutua).toMatchObject({ version: 0, rules: DEFAULT_AUTO_DECISION_RULES });
    expect(
      read
        .json()
        .data.map((r: { tenantId: string }) => r.tenantId)
        .sort(),
    ).toEqual(['azur', 'mutua']);
    // An azur-only agent never reads mutua's rules.
    const azurOnly = (await (await bo('azurAgent')).get('/api/bo/auto-decision-rules')).json().data;
    expect(azurOnly.map((r: { tenantId: string }) => r.tenantId)).toEqual(['azur']);

    const change = { tenantId: 'azur', version: 0, rules: { ...DEFAULT_AUTO_DECISION_RULES, maxAmountCents: 80_00 } };
    expect((await agent.put('/api/bo/auto-decision-rules', change)).statusCode).toBe(403);
    expect((await (await bo('manager')).put('/api/bo/auto-decision-rules', change)).statusCode).toBe(403);
    const admin = await bo('administrator');
    const saved = await admin.put('/api/bo/auto-decision-rules', change);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ version: 1, updatedBy: DEMO_STAFF.administrator.displayName, rules: { maxAmountCents: 80_00 } });
    // Saved from a stale version: refused, nothing written.
    const stale = await admin.put('/api/bo/auto-decision-rules', { ...change, rules: { ...change.rules, maxAmountCents: 1 } });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('AUTO_DECISION_RULES_CHANGED');
    // Bad input: a French message, nothing written.
    const bad = await admin.put('/api/bo/auto-decision-rules', { tenantId: 'azur', version: 1, rules: { ...change.rules, postCheckPercent: 150 } });
    expect(bad.statusCode).toBe(400);
    expect((await admin.get('/api/bo/auto-decision-rules')).json().data.find((r: { tenantId: string }) => r.tenantId === 'azur')).toMatchObject({
      version: 1,
      rules: { maxAmountCents: 80_00, postCheckPercent: 5 },
    });
    // Another tenant's rules: missing.
    expect((await admin.put('/api/bo/auto-decision-rules', { ...change, tenantId: 'nowhere' })).statusCode).toBe(404);
    const audited = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, 'AUTO_DECISION_RULES_CHANGED'));
    expect(audited).toHaveLength(1);
    expect(audited[0]!.details).toMatchObject({ version: 1, previousVersion: 0 });
    // Not on the member's host, not without a staff session.
    expect((await camille.get('/api/bo/auto-decision-rules')).statusCode).toBeGreaterThanOrEqual(401);
    expect((await new TestClient(t.app, STAFF_HOST).get('/api/bo/auto-decision-rules')).statusCode).toBe(401);
  });
});

describe('checked before sending', () => {
  it('warns of an implausible amount and of an invoice already sent, refuses a person not covered, stores nothing', async () => {
    const check = (body: object) =>
      camille.post('/api/refund-requests/check', {
        actCode: 'CONSULTATION_GENERALISTE',
        familyPosition: 1,
        careDate: today,
        amountCents: 30_00,
        practitioner: 'Dr Claire Martin',
        ...body,
      });
    const fine = await check({ amountCents: 31_00 });
    expect(fine.statusCode, fine.body).toBe(200);
    expect(fine.json().data.warnings).toEqual([]);
    // G's base is 30 €: above 300 € the member is asked to check.
    const high = (await check({ amountCents: 300_01 })).json().data.warnings;
    expect(high).toEqual([{ code: 'AMOUNT_IMPLAUSIBLE', message: expect.stringContaining('30,00\u00a0€') }]);
    expect((await check({ amountCents: 300_00 })).json().data.warnings).toEqual([]);

    const pdf = await invoice();
    const sent = await sendClaim(camille, { invoicePdf: pdf, amount: '31,00', actCode: 'CONSULTATION_SPECIALISTE' });
    expect(sent.statusCode, sent.body).toBe(201);
    const sha = createHash('sha256').update(pdf).digest('hex');
    const byFile = (await check({ amountCents: 12_00, invoiceSha256: sha })).json().data.warnings;
    expect(byFile).toEqual([{ code: 'DUPLICATE', message: expect.stringContaining('déjà envoyée') }]);
    const byFields = (await check({ amountCents: 31_00, practitioner: 'DR CLAIRE MARTÍN' })).json().data.warnings;
    expect(byFields.map((w: { code: string }) => w.code)).toEqual(['DUPLICATE']);
    // Another member never learns of Camille's invoices.
    const other = await createTestMember(t);
    const otherClient = await signIn(t, other.login);
    expect(
      (
        await otherClient.post('/api/refund-requests/check', {
          actCode: 'CONSULTATION_GENERALISTE',
          familyPosition: 1,
          careDate: today,
          amountCents: 31_00,
          practitioner: 'Dr Claire Martin',
          invoiceSha256: sha,
        })
      ).json().data.warnings,
    ).toEqual([]);

    // Not covered on the care date: refused before and at sending, nothing stored.
    await t.database.db.delete(beneficiaryProducts).where(eq(beneficiaryProducts.memberId, other.memberId));
    const uncovered = await otherClient.post('/api/refund-requests/check', {
      actCode: 'CONSULTATION_GENERALISTE',
      familyPosition: 1,
      careDate: today,
      amountCents: 31_00,
    });
    expect(uncovered.statusCode, uncovered.body).toBe(400);
    expect(uncovered.json().fields.familyPosition).toBe('Ce bénéficiaire n’est pas couvert par un contrat à cette date.');
    const refused = await sendClaim(otherClient);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.familyPosition).toContain('pas couvert');
    expect(await t.database.db.select().from(requests).where(eq(requests.memberId, other.memberId))).toHaveLength(0);
    // Someone else's family position.
    expect((await check({ familyPosition: 9 })).statusCode).toBe(400);
  });

  it('refuses the same invoice sent again, by its file or by its practitioner, date, amount and person; a form sent twice is one claim', async () => {
    const member = await createTestMember(t);
    const client = await signIn(t, member.login);
    const count = async () => (await t.database.db.select().from(requests).where(eq(requests.memberId, member.memberId))).length;
    const pdf = await invoice();
    const key = randomUUID();
    const first = await sendClaim(client, { invoicePdf: pdf, key });
    expect(first.statusCode, first.body).toBe(201);
    const replay = await sendClaim(client, { invoicePdf: pdf, key });
    expect(replay.statusCode).toBe(201);
    expect(replay.json().data.requestId).toBe(first.json().data.requestId);
    expect(await count()).toBe(1);

    const sameFile = await sendClaim(client, { invoicePdf: pdf, amount: '25,00' });
    expect(sameFile.statusCode).toBe(409);
    expect(sameFile.json().error).toMatchObject({ code: 'CLAIM_DUPLICATE', message: expect.stringContaining('déjà été envoyée') });
    const sameFields = await sendClaim(client, { practitioner: 'dr claire  martin' });
    expect(sameFields.statusCode).toBe(409);
    expect(await count()).toBe(1);
    // Another practitioner the same day: another invoice.
    expect((await sendClaim(client, { practitioner: 'Dr Paul Petit' })).statusCode).toBe(201);

    // An amount changed to zero: a French message on the field, nothing stored.
    const zero = await sendClaim(client, { amount: '0,00' });
    expect(zero.statusCode, zero.body).toBe(400);
    expect(zero.json().fields.amount).toBe('Veuillez saisir un montant en euros, par exemple 1 000,00.');
    expect(await count()).toBe(2);
  });
});

describe('decided by the engine', () => {
  it('publishes a standard claim at once: lines from the engine, the member told in the portal and by mail, audited with the rules’ version', async () => {
    const { version } = await setRules('mutua', { minReadConfidence: 0, postCheckPercent: 0 });
    const mailsBefore = (await outbox(t, { to: 'camille.durand@example.com', kind: 'NEW_MESSAGE' })).length;
    const sent = await sendClaim(camille, { amount: '30,00', practitioner: 'Dr Standard', careDate: nextCareDate() });
    expect(sent.statusCode, sent.body).toBe(201);
    const requestId = sent.json().data.requestId as string;
    const decision = await decisionOf(requestId);
    expect(decision).toMatchObject({ outcome: 'AUTOMATIC', ruleVersion: version, reasons: [], postCheck: null });

    const detail = (await camille.get(`/api/refunds/${decision.refundId}`)).json().data;
    expect(detail).toMatchObject({ stage: 'validated', expectedArrivalDate: null, totalCostCents: 30_00 });
    expect(detail.acts[0].explanation.length).toBeGreaterThan(10);
    expect(detail.acts[0].engineVersion).toBeTruthy();
    const [request] = await t.database.db.select().from(requests).where(eq(requests.id, requestId));
    expect(request).toMatchObject({ statusKey: 'done', read: false });
    const [told] = await t.database.db
      .select()
      .from(requestMessages)
      .where(and(eq(requestMessages.requestId, requestId), eq(requestMessages.direction, 'insurer')));
    expect(told!.body).toContain(`${formatEuros(detail.productCents)} vous sont remboursés`);
    await expect.poll(async () => (await outbox(t, { to: 'camille.durand@example.com', kind: 'NEW_MESSAGE' })).length, { timeout: 5000 }).toBe(mailsBefore + 1);
    const [audit] = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.kind, 'CLAIM_DECIDED_AUTOMATICALLY'), eq(auditEvents.memberId, camilleId)));
    expect(audit!.details).toMatchObject({ requestId, refundId: decision.refundId, ruleVersion: version });
    // The case shows it to the staff of its tenant, never to another tenant's.
    expect((await (await bo('agent')).get(`/api/bo/cases/${requestId}/auto-decision`)).json().data).toMatchObject({
      outcome: 'AUTOMATIC',
      ruleVersion: version,
      reasons: [],
    });
    expect((await (await bo('azurAgent')).get(`/api/bo/cases/${requestId}/auto-decision`)).json().data).toBeNull();
  });

  it('sends a claim above the threshold to the agents’ queue with the engine’s proposal and the reason', async () => {
    await setRules('mutua', { minReadConfidence: 0 });
    const sent = await sendClaim(camille, { amount: '180,00', practitioner: 'Dr Cher', careDate: nextCareDate() });
    const requestId = sent.json().data.requestId as string;
    const decision = await decisionOf(requestId);
    expect(decision).toMatchObject({ outcome: 'MANUAL', reasons: ['AMOUNT_ABOVE_THRESHOLD'], refundId: null });
    expect((decision.proposal as { totals: { amcCents: number } }).totals.amcCents).toBeGreaterThan(0);
    const agent = await bo('agent');
    const shown = (await agent.get(`/api/bo/cases/${requestId}/auto-decision`)).json().data;
    expect(shown).toMatchObject({ outcome: 'MANUAL', reasons: [{ code: 'AMOUNT_ABOVE_THRESHOLD', label: 'Montant au-dessus du seuil' }] });
    const defaults = (await agent.get(`/api/bo/cases/${requestId}/refund`)).json().data.defaults;
    expect(defaults.proposal.lines[0].amcCents).toBe((decision.proposal as { totals: { amcCents: number } }).totals.amcCents);
    expect((await t.database.db.select().from(refunds).where(eq(refunds.memberId, camilleId))).some((r) => r.totalCostCents === 180_00)).toBe(false);
  });

  it('reads the stored invoice again on the server: a GP invoice that says the claim is decided with the default confidence, one that says another amount is not', async () => {
    await setRules('mutua', { minReadConfidence: DEFAULT_AUTO_DECISION_RULES.minReadConfidence, postCheckPercent: 0 });
    const gpInvoice = (careDate: string, amount: string) =>
      samplePdf('Facture', [
        'Dr Claire MARTIN',
        'Médecin généraliste',
        'N° RPPS\u00a0: 10101234567',
        `Date de la consultation\u00a0: ${careDate.split('-').reverse().join('/')}`,
        `Consultation (G)    ${amount}\u00a0€`,
        `Net à payer\u00a0: ${amount}\u00a0€`,
        `Facture n° ${randomUUID()}`,
      ]);
    const readDate = nextCareDate();
    const read = await sendClaim(camille, {
      amount: '30,00',
      practitioner: 'Dr Claire MARTIN',
      careDate: readDate,
      invoicePdf: await gpInvoice(readDate, '30,00'),
    });
    expect(read.statusCode, read.body).toBe(201);
    expect(await decisionOf(read.json().data.requestId)).toMatchObject({ outcome: 'AUTOMATIC', reasons: [] });
    const otherDate = nextCareDate();
    const mismatch = await sendClaim(camille, {
      amount: '30,00',
      practitioner: 'Dr Claire MARTIN',
      careDate: otherDate,
      invoicePdf: await gpInvoice(otherDate, '25,00'),
    });
    expect(await decisionOf(mismatch.json().data.requestId)).toMatchObject({ outcome: 'MANUAL', reasons: ['DOCUMENT_NOT_READ'] });
  });

  it('decides nothing automatically when the invoice cannot be read again by the server', async () => {
    await setRules('mutua', { minReadConfidence: 0.8 });
    const sent = await sendClaim(camille, { amount: '30,00', practitioner: 'Dr Illisible', careDate: nextCareDate() });
    const decision = await decisionOf(sent.json().data.requestId);
    expect(decision).toMatchObject({ outcome: 'MANUAL', reasons: ['DOCUMENT_NOT_READ'] });
  });
});

describe('post-check by a manager', () => {
  it('holds a drawn decision out of payment until confirmed; a reversal cancels the refund, gives the allowance back and tells the member', async () => {
    await setRules('mutua', { minReadConfidence: 0, postCheckPercent: 100 });
    const ids: string[] = [];
    for (const practitioner of ['Dr Contrôle Un', 'Dr Contrôle Deux'])
      ids.push((await sendClaim(camille, { amount: '30,00', practitioner, careDate: nextCareDate() })).json().data.requestId);
    const [kept, reversed] = await Promise.all(ids.map(decisionOf));
    expect(kept!.postCheck).toBe('PENDING');

    const manager = await bo('manager');
    expect((await (await bo('agent')).get('/api/bo/post-checks')).statusCode).toBe(403);
    const queue = (await manager.get('/api/bo/post-checks')).json().data as { caseId: string; memberName: string; refundCents: number }[];
    expect(queue.map((q) => q.caseId)).toEqual(expect.arrayContaining(ids));
    expect(queue.find((q) => q.caseId === ids[0])?.memberName).toBe('Camille Durand');
    // Not paid while pending.
    const files = (await manager.post('/api/bo/payment-files', {})).json().data as { id: string }[];
    for (const f of files) {
      const lines = (await manager.get(`/api/bo/payment-files/${f.id}`)).json().data.lines as { refundId: string }[];
      expect(lines.map((l) => l.refundId)).not.toContain(kept!.refundId);
    }

    expect((await manager.post(`/api/bo/post-checks/${reversed!.requestId}`, { decision: 'REVERSE', reason: 'x' })).statusCode).toBe(400);
    const done = await manager.post(`/api/bo/post-checks/${reversed!.requestId}`, { decision: 'REVERSE', reason: 'Facture illisible au contrôle' });
    expect(done.statusCode, done.body).toBe(200);
    expect((await camille.get(`/api/refunds/${reversed!.refundId}`)).statusCode).toBe(404);
    expect((await manager.post(`/api/bo/post-checks/${reversed!.requestId}`, { decision: 'CONFIRM' })).json().error.code).toBe('POST_CHECK_DECIDED');
    expect((await manager.post(`/api/bo/post-checks/${kept!.requestId}`, { decision: 'CONFIRM' })).statusCode).toBe(200);
    expect((await (await bo('azurAgent')).post(`/api/bo/post-checks/${kept!.requestId}`, { decision: 'CONFIRM' })).statusCode).toBe(403);
    const messages = await t.database.db
      .select()
      .from(requestMessages)
      .where(and(eq(requestMessages.requestId, reversed!.requestId), eq(requestMessages.direction, 'insurer')))
      .orderBy(requestMessages.createdAt);
    expect(messages.at(-1)!.body).toContain('est annulé');
    const [audit] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, 'AUTO_DECISION_REVERSED'));
    expect(audit!.details).toMatchObject({ caseId: reversed!.requestId, refundId: reversed!.refundId });
  });
});

describe('paid by SEPA transfer files', () => {
  it('puts each refund due in one file the back office lists, downloads (valid pain.001) and marks sent; the member then reads when it arrives', async () => {
    await setRules('mutua', { minReadConfidence: 0, postCheckPercent: 0 });
    const sent = await sendClaim(camille, { amount: '30,00', practitioner: 'Dr Virement', careDate: nextCareDate() });
    const { refundId } = await decisionOf(sent.json().data.requestId);
    const manager = await bo('manager');
    expect((await (await bo('agent')).get('/api/bo/payment-files')).statusCode).toBe(403);
    const created = await manager.post('/api/bo/payment-files', {});
    expect(created.statusCode, created.body).toBe(200);
    const file = (created.json().data as { id: string; tenantId: string; transferCount: number }[]).find((f) => f.tenantId === 'mutua')!;
    const detail = (await manager.get(`/api/bo/payment-files/${file.id}`)).json().data;
    const line = detail.lines.find((l: { refundId: string }) => l.refundId === refundId);
    const [refund] = await t.database.db.select().from(refunds).where(eq(refunds.id, refundId!));
    expect(line).toMatchObject({ kind: 'TRANSFER', reference: refund!.reference, amountCents: refund!.productCents, ibanMasked: 'FR76 •••• •••• •••• 0143' });
    // A second batch finds nothing left: no second file, no refund twice.
    expect((await manager.post('/api/bo/payment-files', {})).json().data).toEqual([]);

    const xml = await manager.get(`/api/bo/payment-files/${file.id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.headers['content-type']).toContain('application/xml');
    expect(xml.headers['content-disposition']).toContain('attachment');
    expect(xml.body).toContain(`<Ustrd>${refund!.reference}</Ustrd>`);
    expect(validateTransferFile(xml.body)).toEqual({ valid: true, errors: '' });
    // Another tenant's staff: missing.
    expect((await (await bo('azurAgent')).get(`/api/bo/payment-files/${file.id}/xml`)).statusCode).toBe(403);

    const before = (await camille.get(`/api/refunds/${refundId}`)).json().data;
    expect(before).toMatchObject({ stage: 'validated', expectedArrivalDate: null });
    const marked = await manager.post(`/api/bo/payment-files/${file.id}/sent`, {});
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json().data.sentBy).toBe(DEMO_STAFF.manager.displayName);
    expect((await manager.post(`/api/bo/payment-files/${file.id}/sent`, {})).json().error.code).toBe('PAYMENT_FILE_ALREADY_SENT');
    const after = (await camille.get(`/api/refunds/${refundId}`)).json().data;
    expect(after.stage).toBe('transfer_issued');
    expect(after.paymentDate).toBe(detail.executionDate);
    expect(after.expectedArrivalDate).toBe(expectedArrivalDateOf(detail.executionDate));
    const listed = (await camille.get('/api/refunds')).json().data.items.find((r: { id: string }) => r.id === refundId);
    expect(listed).toMatchObject({ stage: 'transfer_issued', expectedArrivalDate: after.expectedArrivalDate });
    expect(await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, 'PAYMENT_FILE_SENT'))).toHaveLength(1);
    expect(await t.database.db.select().from(refundRequestDetails).where(eq(refundRequestDetails.requestId, sent.json().data.requestId))).toHaveLength(1);
  });
});
