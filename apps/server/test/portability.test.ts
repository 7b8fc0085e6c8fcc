import { ERRORS } from '@mutua/contracts/errors';
import { ZGlobalDetails } from '@mutua/contracts/global-details';
import { PORTABILITY_MESSAGES } from '@mutua/contracts/portability';
import { ZRequestsInfo } from '@mutua/contracts/requests';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, requests, sessions } from '../src/db/schema';
import { portabilityProofs } from '../src/modules/campaigns/schema';
import { DEMO_ACCOUNTS, createTestMember, signIn, type AuthClient } from './support/auth';
import { fakePdf, type Part, postMultipart, samplePdf } from './support/documents-fixtures';
import { setTenantFeature } from './support/ops';
import { ManualClock, createTestApp, type TestApp } from './support/test-app';

// France Travail portability: Julien's demo case (collective contract
// 1 September 2025 – 31 October 2026 → portability 1 November 2026 – 31 October 2027), the 3 cases by
// date in the global details, and the monthly proof becoming a supporting-document request.

const DAY_MS = 86_400_000;
const clock = new ManualClock(new Date('2026-11-23T10:00:00Z'));
let t: TestApp;
let camille: AuthClient;
let julien: AuthClient;

const campaigns = (enabled: boolean) => setTenantFeature(t, 'DIGITAL_CAMPAIGNS', enabled);
const proof = async (): Promise<Part> => ({
  name: 'attachments',
  filename: 'avis-france-travail.pdf',
  content: await samplePdf('Avis de situation France Travail'),
  contentType: 'application/pdf',
});
const send = (client: AuthClient, parts: Part[], headers: Record<string, string> = {}) => postMultipart(client, '/api/portability/proof', parts, headers);
async function portability(client: AuthClient) {
  const res = await client.get('/api/all-info');
  expect(res.statusCode).toBe(200);
  return ZGlobalDetails.parse(res.json().data).portability;
}
async function counts() {
  const db = t.database.db;
  const [r] = await db.select({ n: count() }).from(requests);
  const [p] = await db.select({ n: count() }).from(portabilityProofs);
  return { requests: r!.n, proofs: p!.n };
}

beforeAll(async () => {
  t = await createTestApp({ clock });
  camille = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
  julien = await signIn(t, DEMO_ACCOUNTS.julien.loginEmail);
});
afterAll(() => t.close());

describe('portability in the global details', () => {
  it('is off while the tenant runs no digital campaign', async () => {
    expect(await portability(julien)).toBeNull();
  });

  it('switched on: Julien is in the starting case, 12 months to 31 October 2027; Camille has none', async () => {
    await campaigns(true);
    expect(await portability(julien)).toEqual({ case: 'STARTING', start: '2026-11-01', end: '2027-10-31', months: 12, month: '2026-11' });
    expect(await portability(camille)).toBeNull();
  });
});

describe('POST /api/portability/proof', () => {
  it('bad input: a French 400 (or 415 for a fake PDF) and nothing stored', async () => {
    const before = await counts();
    const none = await send(julien, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(PORTABILITY_MESSAGES.fileMissing);
    const notPdf = await send(julien, [{ name: 'attachments', filename: 'avis.pdf', content: fakePdf(), contentType: 'application/pdf' }]);
    expect(notPdf.statusCode).toBe(415);
    expect(notPdf.json().error.message).toBe(ERRORS.UPLOAD_INVALID_FORMAT.message);
    expect(await counts()).toEqual(before);
  });

  it('a member without portability: 409 in French, nothing stored', async () => {
    const before = await counts();
    const res = await send(camille, [await proof()]);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(ERRORS.PORTABILITY_PROOF_NOT_DUE.message);
    expect(await counts()).toEqual(before);
  });

  it('a read-only staff session is refused', async () => {
    const m = await createTestMember(t);
    const staff = await signIn(t, m.login);
    await t.database.db.update(sessions).set({ isBoAuthentication: true }).where(eq(sessions.memberId, m.memberId));
    expect((await send(staff, [await proof()])).statusCode).toBe(403);
  });

  it('the proof becomes one France Travail supporting-document request, even sent twice with the same key; the popup is gone for the month', async () => {
    const before = await counts();
    const key = { 'idempotency-key': '6f1c2b1e-5a3d-4c8e-9b7a-2d4e6f8a0b1c' };
    const first = await send(julien, [await proof()], key);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({ month: '2026-11' });
    const second = await send(julien, [await proof()], key);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data).toEqual(first.json().data);
    expect(await counts()).toEqual({ requests: before.requests + 1, proofs: before.proofs + 1 });
    const requestId = first.json().data.requestId as string;
    const mine = ZRequestsInfo.parse((await julien.get('/api/all-info?actionKey=requests')).json().data).allRequests.flatMap((g) => g.requests);
    expect(mine.find((r) => r.id === requestId)).toMatchObject({ type: 'supporting_document' });
    const audits = await t.database.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.kind, 'PORTABILITY_PROOF_SENT'));
    expect(audits[0]!.n).toBe(1);
    expect(await portability(julien)).toBeNull();
    // Another form (another key) the same month: nothing due, nothing stored.
    const again = await send(julien, [await proof()], { 'idempotency-key': '7a2d3c2f-6b4e-4d9f-8c8b-3e5f7a9b1c2d' });
    expect(again.statusCode).toBe(409);
    expect(await counts()).toEqual({ requests: before.requests + 1, proofs: before.proofs + 1 });
  });

  it('the next months ask again: the monthly proof in December, the ending case in October 2027, nothing after', async () => {
    // Sessions time out with the clock moved: a fresh sign-in each time.
    const later = async (days: number) => {
      clock.advance(days * DAY_MS);
      return portability(await signIn(t, DEMO_ACCOUNTS.julien.loginEmail));
    };
    expect(await later(12)) // 5 December 2026
      .toMatchObject({ case: 'PROOF_DUE', month: '2026-12', end: '2027-10-31' });
    expect(await later(309)) // 10 October 2027
      .toMatchObject({ case: 'ENDING', month: '2027-10' });
    expect(await later(30)).toBeNull(); // 9 November 2027
  });

  it('the tenant switched off: no popup and 409, nothing stored', async () => {
    clock.advance(-339 * DAY_MS); // 5 December 2026
    julien = await signIn(t, DEMO_ACCOUNTS.julien.loginEmail);
    await campaigns(false);
    const before = await counts();
    expect(await portability(julien)).toBeNull();
    expect((await send(julien, [await proof()])).statusCode).toBe(409);
    expect(await counts()).toEqual(before);
  });
});
