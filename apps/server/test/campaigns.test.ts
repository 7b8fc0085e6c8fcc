import { EXIT_SURVEY_MESSAGES, SCHOOLING_MESSAGES } from '@mutua/contracts/campaigns';
import { ERRORS } from '@mutua/contracts/errors';
import { ZGlobalDetails } from '@mutua/contracts/global-details';
import { ZRequestsInfo } from '@mutua/contracts/requests';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, beneficiaries, members, requests, sessions } from '../src/db/schema';
import { exitSurveyAnswers, schoolingAnswers } from '../src/modules/campaigns/schema';
import { DEMO_ACCOUNTS, createTestMember, signIn, type AuthClient } from './support/auth';
import { fakePdf, type Part, postMultipart, samplePdf } from './support/documents-fixtures';
import { setTenantFeature } from './support/ops';
import { createTestApp, type TestApp } from './support/test-app';

let t: TestApp;
let camille: AuthClient;
let julien: AuthClient;
let children: { id: string; firstName: string }[];
let partnerId: string;
let otherChildId: string;

const campaigns = (enabled: boolean) => setTenantFeature(t, 'DIGITAL_CAMPAIGNS', enabled);

const answer = (client: AuthClient, beneficiary: string, parts: Part[], headers: Record<string, string> = {}) =>
  postMultipart(client, `/api/schooling-campaign/${beneficiary}`, parts, headers);
const certificate = async (): Promise<Part> => ({
  name: 'attachments',
  filename: 'certificat.pdf',
  content: await samplePdf('Certificat de scolarité'),
  contentType: 'application/pdf',
});

async function details(client: AuthClient) {
  const res = await client.get('/api/all-info');
  expect(res.statusCode).toBe(200);
  return ZGlobalDetails.parse(res.json().data);
}
async function counts() {
  const db = t.database.db;
  const [r] = await db.select({ n: count() }).from(requests);
  const [a] = await db.select({ n: count() }).from(schoolingAnswers);
  return { requests: r!.n, answers: a!.n };
}

beforeAll(async () => {
  t = await createTestApp();
  camille = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
  julien = await signIn(t, DEMO_ACCOUNTS.julien.loginEmail);
  const db = t.database.db;
  const [m] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, 'mutua'), eq(members.membershipNumber, '12345678')));
  const family = await db.select().from(beneficiaries).where(eq(beneficiaries.memberId, m!.id)).orderBy(beneficiaries.familyPosition);
  children = family.filter((b) => b.rank === 'CHILD').map((b) => ({ id: b.id, firstName: b.firstName }));
  partnerId = family.find((b) => b.rank === 'PARTNER')!.id;
  const [lea] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, 'azur'), eq(members.membershipNumber, DEMO_ACCOUNTS.lea.membershipNumber)));
  const [jules] = await db
    .select({ id: beneficiaries.id })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.memberId, lea!.id), eq(beneficiaries.rank, 'CHILD')));
  otherChildId = jules!.id;
});
afterAll(() => t.close());

describe('schooling campaign in the global details', () => {
  it('is off while the tenant runs no digital campaign, though the notification is there', async () => {
    const d = await details(camille);
    expect(d.entityHasDigitalCampaigns).toBe(false);
    expect(d.insured.notifications).toEqual([expect.objectContaining({ uploadType: 1, campaignYear: 2026 })]);
    expect(d.schoolingCampaign).toBeNull();
  });

  it('switched on: both children, no answer yet, the popup, 15 November of the campaign year', async () => {
    expect((await campaigns(true)).statusCode).toBe(200);
    const d = await details(camille);
    expect(d.entityHasDigitalCampaigns).toBe(true);
    expect(d.schoolingCampaign).toMatchObject({ campaignYear: 2026, deadline: '2026-11-15', popup: true });
    expect(d.schoolingCampaign!.children.map((c) => [c.firstName, c.answer])).toEqual([
      ['LÉA', null],
      ['NOAH', null],
    ]);
    // A member without a schooling notification sees none.
    expect((await details(julien)).schoolingCampaign).toBeNull();
    expect(d.entityTutorialDtos.map((s) => s.position)).toEqual([1, 2, 3, 4]);
    expect(d.entityTutorialDtos[0]!.title).toBe('Bienvenue dans votre espace adhérent');
  });
});

describe('POST /api/schooling-campaign/{beneficiary}', () => {
  it('bad input: a French 400 and nothing stored', async () => {
    const before = await counts();
    const none = await answer(camille, children[0]!.id, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(SCHOOLING_MESSAGES.noChoice);
    const noFile = await answer(camille, children[0]!.id, [{ name: 'choice', value: 'UPLOAD' }]);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().error.message).toBe(SCHOOLING_MESSAGES.fileMissing);
    const fileWithLater = await answer(camille, children[0]!.id, [{ name: 'choice', value: 'LATER' }, await certificate()]);
    expect(fileWithLater.statusCode).toBe(400);
    expect(fileWithLater.json().error.message).toBe(SCHOOLING_MESSAGES.filesNotExpected);
    const notPdf = await answer(camille, children[0]!.id, [
      { name: 'choice', value: 'UPLOAD' },
      { name: 'attachments', filename: 'certificat.pdf', content: fakePdf(), contentType: 'application/pdf' },
    ]);
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().error.message).toBe(ERRORS.UPLOAD_INVALID_FORMAT.message);
    expect(await counts()).toEqual(before);
  });

  it('another family’s child, the partner, an id of nothing: 404 with an audit row, nothing stored', async () => {
    const before = await counts();
    for (const id of [otherChildId, partnerId, '00000000-0000-4000-8000-000000000000', 'pas-un-id']) {
      const res = await answer(camille, id, [{ name: 'choice', value: 'NOT_SCHOOLED' }]);
      expect(res.statusCode, id).toBe(404);
    }
    const audits = await t.database.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.kind, 'RESOURCE_ACCESS_DENIED'));
    expect(audits[0]!.n).toBeGreaterThanOrEqual(3);
    expect(await counts()).toEqual(before);
  });

  it('the certificate becomes one schooling supporting-document request, even sent twice with the same key', async () => {
    const before = await counts();
    const key = { 'idempotency-key': '0f8fad5b-d9cb-469f-a165-70867728950e' };
    const first = await answer(camille, children[0]!.id, [{ name: 'choice', value: 'UPLOAD' }, await certificate()], key);
    expect(first.statusCode, first.body).toBe(201);
    const second = await answer(camille, children[0]!.id, [{ name: 'choice', value: 'UPLOAD' }, await certificate()], key);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data).toEqual(first.json().data);
    expect(await counts()).toEqual({ requests: before.requests + 1, answers: before.answers + 1 });
    const requestId = first.json().data.requestId as string;
    const mine = ZRequestsInfo.parse((await camille.get('/api/all-info?actionKey=requests')).json().data).allRequests.flatMap((g) => g.requests);
    expect(mine.find((r) => r.id === requestId)).toMatchObject({ type: 'supporting_document', beneficiary: { firstName: 'LÉA' } });
    // Sent: a later choice cannot replace it.
    const later = await answer(camille, children[0]!.id, [{ name: 'choice', value: 'LATER' }]);
    expect(later.statusCode).toBe(409);
    expect(later.json().error.message).toBe(ERRORS.SCHOOLING_ALREADY_SENT.message);
  });

  it('later keeps the child due without the popup; not schooled ends the campaign', async () => {
    expect((await answer(camille, children[1]!.id, [{ name: 'choice', value: 'LATER' }])).statusCode).toBe(201);
    let d = await details(camille);
    expect(d.schoolingCampaign).toMatchObject({ popup: false });
    expect(d.schoolingCampaign!.children.map((c) => c.answer)).toEqual(['UPLOAD', 'LATER']);
    const res = await answer(camille, children[1]!.id, [{ name: 'choice', value: 'NOT_SCHOOLED' }]);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ beneficiaryId: children[1]!.id, choice: 'NOT_SCHOOLED', requestId: null });
    d = await details(camille);
    expect(d.schoolingCampaign).toBeNull();
  });

  it('the tenant switched off: 409, nothing stored', async () => {
    await campaigns(false);
    const before = await counts();
    const res = await answer(camille, children[1]!.id, [{ name: 'choice', value: 'LATER' }]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ERRORS.SCHOOLING_CAMPAIGN_CLOSED.message);
    expect(await counts()).toEqual(before);
    await campaigns(true);
  });

  it('a read-only staff session is refused', async () => {
    const m = await createTestMember(t);
    const staff = await signIn(t, m.login);
    await t.database.db.update(sessions).set({ isBoAuthentication: true }).where(eq(sessions.memberId, m.memberId));
    const res = await answer(staff, children[1]!.id, [{ name: 'choice', value: 'LATER' }]);
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /api/exit-survey', () => {
  it('stores the answer and gives the old space’s address; bad input is a French 400, nothing stored', async () => {
    const lea = await signIn(t, DEMO_ACCOUNTS.lea.loginEmail, { host: 'azur.localhost' });
    const stored = async () => (await t.database.db.select({ n: count() }).from(exitSurveyAnswers))[0]!.n;
    const bad = await lea.post('/api/exit-survey', { reason: 'NOPE' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(EXIT_SURVEY_MESSAGES.reason);
    const long = await lea.post('/api/exit-survey', { reason: 'OTHER', comment: 'x'.repeat(501) });
    expect(long.statusCode).toBe(400);
    expect(long.json().error.message).toBe(EXIT_SURVEY_MESSAGES.comment);
    expect(await stored()).toBe(0);
    const res = await lea.post('/api/exit-survey', { reason: 'MISSING', comment: 'Je ne trouve pas mes anciens relevés.' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.url).toBe('https://ancien-espace.azur-prevoyance.example');
    expect(
      await t.database.db
        .select({ tenantId: exitSurveyAnswers.tenantId, reason: exitSurveyAnswers.reason, comment: exitSurveyAnswers.comment })
        .from(exitSurveyAnswers),
    ).toEqual([{ tenantId: 'azur', reason: 'MISSING', comment: 'Je ne trouve pas mes anciens relevés.' }]);
  });

  it('a tenant without an old space: 409, nothing stored', async () => {
    const res = await camille.post('/api/exit-survey', { reason: 'HABIT' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ERRORS.EXIT_SURVEY_UNAVAILABLE.message);
    expect((await t.database.db.select({ n: count() }).from(exitSurveyAnswers))[0]!.n).toBe(1);
  });
});
