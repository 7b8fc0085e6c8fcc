import { PAYMENT_SCHEDULE_TEXTS, ZPageDocument, ZPaymentScheduleState } from '@mutua/contracts/documents';
import { and, count, desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditEvents, requests, storedFiles, tenantDocuments } from '../src/db/schema';
import { DEMO_MEMBERS } from '../src/modules/members/seed';
import { ACCESS_DENIED_AUDIT_KIND } from '../src/http/deny-access';
import type { AuthClient } from './support/auth';
import { hasPdftotext, memberIdOf } from './support/database';
import { expectTaggedPdf, readPdfTags } from './support/pdf-tags';
import { openSignedIn } from './support/signed-in';
import type { TestApp } from './support/test-app';
import { pdfText } from './support/pdf-text';

let t: TestApp;
let camille: AuthClient;
let julien: AuthClient;

beforeAll(async () => void ([t, camille, julien] = await openSignedIn('camille', 'julien')));
afterAll(() => t.close());

/** A PDF's text, spaces (no-break ones included) folded to one. */
const foldedText = (pdf: Buffer) => pdfText(pdf).replace(/[\s\u00a0\u202f]+/g, ' ');

const latestDenial = async () =>
  (await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, ACCESS_DENIED_AUDIT_KIND)).orderBy(desc(auditEvents.at)).limit(1))[0];
const list = async (tab: string) => {
  const res = await camille.get(`/api/documents?tab=${tab}`);
  expect(res.statusCode, res.body).toBe(200);
  return z.array(ZPageDocument).parse(res.json().data);
};

describe('GET /api/documents', () => {
  it('lists the tenant’s documents of each tab from the database, with their type, and downloads each as a real PDF', async () => {
    const health = await list('health');
    expect(health.map((d) => [d.name, d.kind])).toEqual([
      ['Tableau de garanties santé 2026', 'guarantees_table'],
      ['Notice d’information du contrat santé', 'information_notice'],
      ['Guide pratique\u00a0: vos remboursements', 'practical_guide'],
    ]);
    expect((await list('foresight')).map((d) => d.kind)).toEqual(['information_notice', 'other']);
    expect(await list('contribution')).toHaveLength(1);
    const file = await camille.get(`/api/documents/${health[0]!.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('tableau-garanties-sante-2026.pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it.skipIf(!hasPdftotext)('draws the guarantees table of the member’s own product, with the engine’s refund examples', async () => {
    const [table] = await list('health');
    const pdf = (await camille.get(`/api/documents/${table!.id}/file`)).rawPayload;
    const text = foldedText(pdf);
    expect(text).toContain('Tableau de garanties – Confort');
    // Tagged: each heading's guarantees a table whose rows are named by their first cell.
    const tags = readPdfTags(pdf);
    expectTaggedPdf(tags, 'Tableau de garanties – Confort', 'Mutua Santé');
    expect(tags.roles.filter((r) => r === 'Table')).toHaveLength(6);
    expect(tags.headerScopes).toContain('Row');
    for (const heading of ['Hospitalisation', 'Dentaire', 'Optique', 'Aides auditives', 'Soins courants', 'Exemples de remboursement'])
      expect(text).toContain(heading);
    // pdfText folds no-break spaces to plain ones: compare the sentence folded alike.
    expect(text).toContain('30,00\u00a0€ par séance, 3 séances par an'.replace(/\u00a0/g, ' '));
    // Julien holds Essentiel: his table is his product's.
    const julienTable = foldedText((await julien.get(`/api/documents/${table!.id}/file`)).rawPayload);
    expect(julienTable).toContain('Tableau de garanties – Essentiel');
    expect(julienTable).not.toContain('par séance');
  });

  it('refuses an unknown tab with a French message', async () => {
    const res = await camille.get('/api/documents?tab=secret');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Onglet inconnu.');
  });

  it('another tenant’s document, another member’s file: 404 and an audit row; a malformed id: 400', async () => {
    const camilleId = await memberIdOf(t.database.db, 'mutua', DEMO_MEMBERS.camille);
    const [otherTenant] = await t.database.db.select({ id: tenantDocuments.id }).from(tenantDocuments).where(ne(tenantDocuments.tenantId, 'mutua')).limit(1);
    const [otherFile] = await t.database.db
      .select({ id: storedFiles.id })
      .from(storedFiles)
      .where(and(ne(storedFiles.memberId, camilleId)))
      .limit(1);
    for (const id of [otherTenant!.id, otherFile!.id]) {
      const res = await camille.get(`/api/documents/${id}/file`);
      expect(res.statusCode, id).toBe(404);
      expect(JSON.stringify((await latestDenial())?.details)).toContain(id);
    }
    expect((await camille.get('/api/documents/not-an-id/file')).statusCode).toBe(400);
  });
});

describe('payment schedule resend', () => {
  const requestCount = async () => (await t.database.db.select({ n: count() }).from(requests))[0]!.n;
  const state = async (client: AuthClient) => ZPaymentScheduleState.parse((await client.get('/api/payment-schedule')).json().data);

  it('individually debited contributions: one request « par courrier sous 24 heures », then refused for 24 hours', async () => {
    expect(await state(camille)).toMatchObject({ offered: true, availableAgainAt: null });
    const res = await camille.post('/api/payment-schedule/resend', {}, { headers: { 'idempotency-key': 'schedule-resend-0001' } });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.typeCode).toBe(10022);
    const all = (await camille.get('/api/all-info?actionKey=requests')).json().data.allRequests.flatMap((g: { requests: { id: string }[] }) => g.requests);
    expect(all.some((r: { id: string }) => r.id === res.json().data.requestId)).toBe(true);
    expect((await state(camille)).availableAgainAt).not.toBeNull();
    const before = await requestCount();
    const again = await camille.post('/api/payment-schedule/resend', {}, { headers: { 'idempotency-key': 'schedule-resend-0002' } });
    expect(again.statusCode).toBe(429);
    expect(again.json().error.message).toBe(PAYMENT_SCHEDULE_TEXTS.already);
    expect(await requestCount()).toBe(before);
  });

  it('contributions through the employer (collective contract): not offered, refused, nothing stored', async () => {
    expect((await state(julien)).offered).toBe(false);
    const before = await requestCount();
    const res = await julien.post('/api/payment-schedule/resend', {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(PAYMENT_SCHEDULE_TEXTS.notIndividual);
    expect(await requestCount()).toBe(before);
  });
});
