import { ZPageDocument } from '@mutua/contracts';
import { and, desc, eq, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { auditEvents, storedFiles, tenantDocuments } from '../src/db/schema';
import { DEMO_MEMBERS } from '../src/db/seed/members';
import { ACCESS_DENIED_AUDIT_KIND } from '../src/http/deny-access';
import { DEMO_ACCOUNTS, signIn, type AuthClient } from './auth-helper';
import { memberIdOf } from './database';
import { createTestApp, type TestApp } from './helper';

let t: TestApp;
let camille: AuthClient;

beforeAll(async () => {
  t = await createTestApp();
  camille = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
});
afterAll(() => t.close());

const latestDenial = async () => (await t.database.db.select().from(auditEvents).where(eq(auditEvents.kind, ACCESS_DENIED_AUDIT_KIND)).orderBy(desc(auditEvents.at)).limit(1))[0];
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
      ['Guide pratique : vos remboursements', 'practical_guide'],
    ]);
    expect((await list('foresight')).map((d) => d.kind)).toEqual(['information_notice', 'other']);
    expect(await list('contribution')).toHaveLength(1);
    const file = await camille.get(`/api/documents/${health[0]!.id}/file`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toContain('tableau-garanties-sante-2026.pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses an unknown tab with a French message', async () => {
    const res = await camille.get('/api/documents?tab=secret');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Onglet inconnu.');
  });

  it('another tenant’s document, another member’s file: 404 and an audit row; a malformed id: 400', async () => {
    const camilleId = await memberIdOf(t.database.db, 'mutua', DEMO_MEMBERS.camille);
    const [otherTenant] = await t.database.db.select({ id: tenantDocuments.id }).from(tenantDocuments).where(ne(tenantDocuments.tenantId, 'mutua')).limit(1);
    const [otherFile] = await t.database.db.select({ id: storedFiles.id }).from(storedFiles).where(and(ne(storedFiles.memberId, camilleId))).limit(1);
    for (const id of [otherTenant!.id, otherFile!.id]) {
      const res = await camille.get(`/api/documents/${id}/file`);
      expect(res.statusCode, id).toBe(404);
      expect(JSON.stringify((await latestDenial())?.details)).toContain(id);
    }
    expect((await camille.get('/api/documents/not-an-id/file')).statusCode).toBe(400);
  });
});
