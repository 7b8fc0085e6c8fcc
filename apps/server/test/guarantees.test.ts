import { parisIsoDate } from '@mutua/contracts/dates';
import { GUARANTEES_API_ERRORS } from '@mutua/contracts/guarantees-api';
import { isoDateMinusYears } from '@mutua/contracts/refund-requests';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { allowanceCounters, beneficiaries, beneficiaryProducts } from '../src/db/schema';
import { loadCatalogueAt } from '../src/modules/guarantees/cover';
import { computeLinesFor } from '../src/modules/guarantees/public';
import { DEMO_ACCOUNTS, createTestMember, signIn, type AuthClient } from './support/auth';
import { memberIdOf } from './support/database';
import { createTestApp, type TestApp } from './support/test-app';

// The member's guarantees API: products and their table, allowances, estimates, the care-act search.

let t: TestApp;
let camille: AuthClient;
let camilleId: string;
const today = parisIsoDate();
const year = today.slice(0, 4);

beforeAll(async () => {
  t = await createTestApp();
  camille = await signIn(t, DEMO_ACCOUNTS.camille.loginEmail);
  camilleId = await memberIdOf(t.database.db, 'mutua', DEMO_ACCOUNTS.camille.membershipNumber);
});
afterAll(() => t.close());

/** A fresh member holding `product` (one person, born 1980), signed in. */
async function memberOn(product: string, regime: 'GENERAL' | 'ALSACE_MOSELLE' = 'GENERAL') {
  const m = await createTestMember(t);
  await t.database.db.update(beneficiaryProducts).set({ productCode: product }).where(eq(beneficiaryProducts.memberId, m.memberId));
  await t.database.db.update(beneficiaries).set({ regime }).where(eq(beneficiaries.memberId, m.memberId));
  return { ...m, client: await signIn(t, m.login) };
}

const line = (actCode: string, expenseCents: number, extra: Record<string, unknown> = {}) => ({ actCode, expenseCents, quantity: 1, sector: '1', ...extra });
const estimate = (client: AuthClient, body: Record<string, unknown>) =>
  client.post('/api/guarantees/estimate', { familyPosition: 1, careDate: today, ...body });
const osteoCounter = async (memberId: string) =>
  (
    await t.database.db
      .select()
      .from(allowanceCounters)
      .where(and(eq(allowanceCounters.memberId, memberId), eq(allowanceCounters.guaranteeCode, 'MEDECINES_DOUCES'), eq(allowanceCounters.familyPosition, 1)))
  )[0];

describe('GET /api/care-acts?q=', () => {
  it('finds acts in French whatever the accents and the case', async () => {
    for (const q of ['osteo', 'OSTÉO', 'ostéopathie']) {
      const res = await camille.get(`/api/care-acts?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.map((a: { code: string }) => a.code)).toContain('OSTEOPATHIE');
    }
    const glasses = (await camille.get('/api/care-acts?q=monture')).json().data as {
      code: string;
      asks: { deviceClasses: string[] };
      status: string;
      source: string;
    }[];
    expect(glasses.map((a) => a.code)).toEqual(expect.arrayContaining(['OPT_A_MONTURE', 'OPT_B_MONTURE']));
    expect(glasses.every((a) => a.source.length > 0 && ['VERIFIED', 'TO_CONFIRM'].includes(a.status))).toBe(true);
    expect((await camille.get('/api/care-acts?q=zzzz')).json().data).toEqual([]);
  });
  it('refuses a query too short in French; needs a session', async () => {
    const res = await camille.get('/api/care-acts?q=o');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(GUARANTEES_API_ERRORS.query);
    expect((await t.app.inject({ method: 'GET', url: '/api/care-acts?q=osteo', headers: { host: 'localhost' } })).statusCode).toBe(401);
  });
});

describe('GET /api/guarantees', () => {
  it('answers each person’s product and its table under the five headings, with examples computed by the engine', async () => {
    const res = await camille.get('/api/guarantees');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.beneficiaries.map((b: { productCode: string }) => b.productCode)).toEqual(['CONFORT', 'CONFORT', 'CONFORT', 'CONFORT']);
    const [confort] = data.products;
    expect(confort.code).toBe('CONFORT');
    expect(confort.table.map((h: { label: string }) => h.label)).toEqual(['Hospitalisation', 'Dentaire', 'Optique', 'Aides auditives', 'Soins courants']);
    const soft = confort.table.at(-1).rows.find((r: { code: string }) => r.code === 'MEDECINES_DOUCES');
    expect(soft.value).toContain('3 séances par an');
    // The GP consultation example: 30 € → Sécurité sociale 19 €; Confort's 150 % BR is held to the expense (9 €); PF 2 € left.
    const gp = confort.examples.find((e: { code: string }) => e.code === 'GENERALISTE');
    expect(gp).toMatchObject({ expenseCents: 3000, amoCents: 1900, amcCents: 900, remainingCents: 200 });
    expect(gp.explanation).toContain('participation forfaitaire');
  });
});

describe('another tenant', () => {
  it('answers Léa her own tenant’s product and allowances; her session is refused on the first tenant’s host', async () => {
    const lea = await signIn(t, DEMO_ACCOUNTS.lea.loginEmail, { host: 'azur.localhost' });
    const data = (await lea.get('/api/guarantees')).json().data;
    expect(data.beneficiaries.map((b: { firstName: string; productCode: string }) => [b.firstName, b.productCode])).toEqual([
      ['LÉA', 'PREMIUM'],
      ['JULES', 'PREMIUM'],
    ]);
    const soft = (await lea.get('/api/guarantees/allowances?familyPosition=1'))
      .json()
      .data.allowances.find((a: { guaranteeCode: string }) => a.guaranteeCode === 'MEDECINES_DOUCES');
    expect(soft).toMatchObject({ max: 5 });
    const cookie = [...lea.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const elsewhere = await t.app.inject({ method: 'GET', url: '/api/guarantees/allowances?familyPosition=1', headers: { host: 'localhost', cookie } });
    expect(elsewhere.statusCode).toBe(403);
  });
});

describe('GET /api/guarantees/allowances?familyPosition=', () => {
  it('tells Camille that 1 osteopathy session of 3 is left this year', async () => {
    const res = await camille.get('/api/guarantees/allowances?familyPosition=1');
    expect(res.statusCode, res.body).toBe(200);
    const soft = res.json().data.allowances.find((a: { guaranteeCode: string }) => a.guaranteeCode === 'MEDECINES_DOUCES');
    expect(soft).toMatchObject({ unit: 'ACTS', used: 2, max: 3, remaining: 1, periodEnd: `${year}-12-31` });
    expect(soft.sentence).toBe(`Ostéopathie\u00a0: il vous reste 1 séance sur 3 en ${year} (30,00\u00a0€ par séance).`);
  });
  it('refuses a position outside the member’s own contract (another member’s people are never reached) and bad input', async () => {
    const other = await memberOn('PREMIUM');
    const res = await other.client.get('/api/guarantees/allowances?familyPosition=2');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('GUARANTEE_NOT_COVERED');
    const bad = await camille.get('/api/guarantees/allowances?familyPosition=abc');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(GUARANTEES_API_ERRORS.familyPosition);
  });
});

describe('POST /api/guarantees/estimate', () => {
  it('computes the worked examples through the API, nothing stored', async () => {
    const before = await osteoCounter(camilleId);
    const osteo = await estimate(camille, { lines: [line('OSTEOPATHIE', 6000)] });
    expect(osteo.statusCode, osteo.body).toBe(200);
    const [o] = osteo.json().data.lines;
    expect(o).toMatchObject({
      actCode: 'OSTEOPATHIE',
      expenseCents: 6000,
      amoNetCents: 0,
      amcCents: 3000,
      remainingCents: 3000,
      allowance: { unit: 'ACTS', amount: 1, max: 3, remainingAfter: 0 },
    });
    expect(o.explanation.length).toBeGreaterThan(10);
    expect(await osteoCounter(camilleId)).toEqual(before);

    const essentiel = await memberOn('ESSENTIEL');
    const gp = (await estimate(essentiel.client, { lines: [line('G', 3000)] })).json().data;
    expect(gp.lines[0]).toMatchObject({
      baseCents: 3000,
      amoRate: 70,
      amoGrossCents: 2100,
      participationCents: 200,
      amoNetCents: 1900,
      amcCents: 900,
      remainingCents: 200,
    });
    expect(gp.totals).toEqual({ expenseCents: 3000, amoNetCents: 1900, participationCents: 200, franchiseCents: 0, amcCents: 900, remainingCents: 200 });

    const alsace = await memberOn('ESSENTIEL', 'ALSACE_MOSELLE');
    expect((await estimate(alsace.client, { lines: [line('G', 3000)] })).json().data.lines[0]).toMatchObject({
      amoNetCents: 2500,
      amcCents: 300,
      remainingCents: 200,
    });

    const premium = await memberOn('PREMIUM');
    const nonOptam = (await estimate(premium.client, { lines: [line('G', 5000, { sector: '2_NON_OPTAM' })] })).json().data.lines[0];
    expect(nonOptam).toMatchObject({ amoNetCents: 1410, amcCents: 2990, remainingCents: 600 });
    const drug = (await estimate(essentiel.client, { lines: [line('MEDICAMENT_65', 300)] })).json().data.lines[0];
    expect(drug).toMatchObject({ amoGrossCents: 195, franchiseCents: 100, amoNetCents: 95, amcCents: 105, remainingCents: 100 });
  });

  it('refuses bad input with a French message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ lines: [line('NOPE', 3000)] }, 'Cet acte ne figure pas dans notre catalogue'],
      [{ lines: [line('G', 0)] }, GUARANTEES_API_ERRORS.expenseZero],
      [{ lines: [line('G', 100_000_01)] }, GUARANTEES_API_ERRORS.expenseTooLarge],
      [{ careDate: isoDateMinusYears(today, 4), lines: [line('G', 3000)] }, GUARANTEES_API_ERRORS.careDateTooOld],
      [{ careDate: isoDateMinusYears(today, -2), lines: [line('G', 3000)] }, GUARANTEES_API_ERRORS.careDateTooFar],
      [{ familyPosition: 9, lines: [line('G', 3000)] }, 'n’est pas couvert'],
      [{ lines: [] }, GUARANTEES_API_ERRORS.lines],
    ];
    for (const [body, message] of cases) {
      const res = await estimate(camille, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.body).toContain(message);
    }
  });

  it('refuses a care date before the person held the product', async () => {
    const m = await memberOn('CONFORT');
    await t.database.db.update(beneficiaryProducts).set({ validFrom: today }).where(eq(beneficiaryProducts.memberId, m.memberId));
    const res = await estimate(m.client, { careDate: isoDateMinusYears(today, 1), lines: [line('G', 3000)] });
    expect(res.json().error.code).toBe('GUARANTEE_NOT_COVERED');
  });

  it('reads the database in two statements whatever the number of lines, one with the day’s catalogue kept', async () => {
    const client = (t.database.db as unknown as { $client: { query: (...a: unknown[]) => unknown } }).$client;
    const who = { tenantId: 'mutua', memberId: camilleId, familyPosition: 1 };
    const lines = [line('G', 3000), line('OSTEOPATHIE', 6000), line('MEDICAMENT_65', 900)].map((l) => ({ ...l, sector: '1' as const }));
    const kept = await loadCatalogueAt(t.database.db, today);
    const spy = vi.spyOn(client, 'query');
    // The job queue's worker polls on the same pool meanwhile (more often seen on a loaded machine): not the estimate's.
    const statements = () =>
      spy.mock.calls.filter(([query]) => !/pgboss\./.test(typeof query === 'string' ? query : String((query as { text?: string }).text)));
    try {
      const read = await computeLinesFor(t.database.db, who, today, lines);
      expect(statements().length).toBe(2);
      spy.mockClear();
      const cached = await computeLinesFor(t.database.db, who, today, lines, { catalogue: async () => kept });
      expect(statements().length).toBe(1);
      expect(cached.lines).toEqual(read.lines);
    } finally {
      spy.mockRestore();
    }
  });
});
