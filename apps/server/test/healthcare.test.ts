import { HEALTHCARE_SEARCH_LIMIT, ZHealthCare, ZHealthcareActSearchResponse } from '@mutua/contracts/healthcare';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { healthcareActs } from '../src/db/schema';
import { AuthClient, DEMO_ACCOUNTS, signIn } from './support/auth';
import { createTestApp, type TestApp, type TestClient } from './support/test-app';

let t: TestApp;
let camille: TestClient;
beforeAll(async () => {
  t = await createTestApp();
  camille = await signIn(t, DEMO_ACCOUNTS.camille.membershipNumber);
});
afterAll(() => t.close());

const search = async (client: TestClient, q: string) => {
  const res = await client.get(`/api/healthcare/acts?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return ZHealthcareActSearchResponse.parse(res.json()).data;
};

describe('healthCare in the global details', () => {
  it('carries the tenant’s acts, the frequent ones, the default documents and the hospitalisation types', async () => {
    const healthCare = ZHealthCare.parse((await camille.get('/api/all-info')).json().data.healthCare);
    expect(healthCare.allActs.map((a) => a.code)).toEqual(
      expect.arrayContaining(['CONSULTATION_GENERALISTE', 'PHARMACIE', 'OPTIQUE_LUNETTES', 'KINESITHERAPIE', 'AUDIOPROTHESE']),
    );
    expect(healthCare.allFrequentActs.length).toBeGreaterThan(3);
    expect(healthCare.allFrequentActs.length).toBeLessThan(healthCare.allActs.length);
    expect(healthCare.defaultDocuments.map((d) => d.label)).toEqual(['Facture détaillée et acquittée', 'Décompte de la Sécurité sociale']);
    expect(healthCare.hospitalizationTypes.map((h) => h.code)).toEqual([
      'MEDECINE',
      'CHIRURGIE',
      'MATERNITE',
      'PSYCHIATRIE',
      'AMBULATOIRE',
      'SOINS_DE_SUITE',
      'AUTRE',
    ]);
    const hearing = healthCare.allActs.find((a) => a.code === 'AUDIOPROTHESE')!;
    expect(hearing.documents.map((d) => d.code)).toEqual(['PRESCRIPTION', 'DEVIS', 'AUDIOGRAMME']);
  });

  it('is the member’s own tenant’s catalogue', async () => {
    await t.database.db.update(healthcareActs).set({ label: 'Kiné (Azur)' }).where(eq(healthcareActs.tenantId, 'azur'));
    const lea = await signIn(t, DEMO_ACCOUNTS.lea.membershipNumber, { host: 'azur.localhost' });
    expect((await search(lea, 'kine')).map((a) => a.label)).toEqual(['Kiné (Azur)']);
    expect((await search(camille, 'kine')).map((a) => a.label)).toEqual(['Kinésithérapie']);
  });
});

describe('GET /api/healthcare/acts?q=', () => {
  it('finds acts by word prefixes, accents and case ignored, synonyms included', async () => {
    expect((await search(camille, 'Kiné')).map((a) => a.code)).toEqual(['KINESITHERAPIE']);
    expect((await search(camille, 'ORTHO')).map((a) => a.code)).toEqual(['ORTHODONTIE', 'ORTHOPHONIE']);
    expect((await search(camille, 'dentiste couronne')).map((a) => a.code)).toEqual(['DENTAIRE_PROTHESE']);
    expect((await search(camille, 'lunettes')).map((a) => a.code)).toEqual(['OPTIQUE_LUNETTES']);
    expect(await search(camille, 'zzz')).toEqual([]);
  });

  it('answers at most the search limit', async () => {
    expect((await search(camille, 'co')).length).toBeLessThanOrEqual(HEALTHCARE_SEARCH_LIMIT);
  });

  it('refuses a query too short or too long (French message), and answers only signed-in members', async () => {
    const short = await camille.get('/api/healthcare/acts?q=k');
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toEqual({ code: 'VALIDATION_FAILED', message: 'Saisissez au moins 2 caractères pour rechercher un acte.' });
    expect((await camille.get(`/api/healthcare/acts?q=${'a'.repeat(61)}`)).statusCode).toBe(400);
    expect((await (await AuthClient.open(t.app)).get('/api/healthcare/acts?q=kine')).statusCode).toBe(401);
  });

  it('reads the word index, not the whole table', async () => {
    const plan = await t.database.exclusive(async (conn) => {
      // A few dozen rows would be read sequentially anyway: forbid it to see the index is usable.
      await conn.exec('set enable_seqscan = off');
      const rows = await conn.query<{ 'QUERY PLAN': string }>(
        "explain select act_id from healthcare_act_words where tenant_id = 'mutua' and word like 'kine%'",
      );
      await conn.exec('reset enable_seqscan');
      return rows;
    });
    expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toMatch(/Index/);
  });
});
