import { parisIsoDate } from '@mutua/contracts/dates';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiaries, members, noemieStates, refundRequestDetails, requests, storedFiles } from '../src/db/schema';
import { DEMO_ACCOUNTS, type AuthClient } from './support/auth';
import { multipart, samplePdf, samplePng, type Part } from './support/documents-fixtures';
import type { TestApp } from './support/test-app';
import { openSignedIn } from './support/signed-in';

/*
 * The documents a refund claim needs follow the person's teletransmission: with the Noémie link active
 * on the care date the fund sends the Sécurité sociale's refund itself, so the invoice alone is enough;
 * otherwise the Sécurité sociale statement is required. Camille's demo family: position 1 connected by
 * its fund since 2025-03-12, position 3 refused by its fund.
 */

let t: TestApp;
let camille: AuthClient;

beforeAll(async () => void ([t, camille] = await openSignedIn('camille')));
afterAll(() => t.close());

const today = parisIsoDate();
let paper = 0;
/** A new invoice each time: the same file in two claims would be refused as a duplicate. */
const invoice = async (): Promise<Part> => ({
  name: 'document.FACTURE_DETAILLEE',
  filename: 'facture.pdf',
  content: await samplePdf('Facture', [`Facture n° ${++paper}`]),
  contentType: 'application/pdf',
});
const statement = (): Part => ({ name: 'document.DECOMPTE_SECURITE_SOCIALE', filename: 'decompte.png', content: samplePng(), contentType: 'image/png' });

const claim = async (familyPosition: number, files: Part[], careDate = today) => {
  const fields = { actCode: 'CONSULTATION_GENERALISTE', familyPosition: String(familyPosition), careDate, amount: '30,00', sessionMode: 'single', comment: '' };
  const body = multipart([...Object.entries(fields).map(([name, value]) => ({ name, value })), ...files]);
  return camille.post('/api/refund-requests', body.payload, { headers: { ...body.headers, 'idempotency-key': crypto.randomUUID() } });
};

async function stored() {
  const db = t.database.db;
  const [r] = await db.select({ n: count() }).from(requests);
  const [f] = await db.select({ n: count() }).from(storedFiles);
  const [d] = await db.select({ n: count() }).from(refundRequestDetails);
  return { requests: r!.n, files: f!.n, details: d!.n };
}

const MISSING_STATEMENT = 'Veuillez ajouter le document correspondant\u00a0: Décompte de la Sécurité sociale.';

async function beneficiaryId(familyPosition: number) {
  const [row] = await t.database.db
    .select({ id: beneficiaries.id })
    .from(beneficiaries)
    .innerJoin(members, eq(members.id, beneficiaries.memberId))
    .where(and(eq(members.membershipNumber, DEMO_ACCOUNTS.camille.membershipNumber), eq(beneficiaries.familyPosition, familyPosition)));
  return row!.id;
}

describe('POST /api/refund-requests: the Sécurité sociale statement only for care not teletransmitted', () => {
  it('accepts the invoice alone for a person whose teletransmission is active', async () => {
    const before = await stored();
    const res = await claim(1, [await invoice()]);
    expect(res.statusCode, res.body).toBe(201);
    expect(await stored()).toEqual({ requests: before.requests + 1, files: before.files + 1, details: before.details + 1 });
  });

  it('still accepts a statement the member sends anyway for teletransmitted care', async () => {
    const res = await claim(1, [await invoice(), statement()]);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('requires the statement when the fund refused the link, in French, storing nothing', async () => {
    const before = await stored();
    const res = await claim(3, [await invoice()]);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({ code: 'VALIDATION_FAILED', message: MISSING_STATEMENT });
    expect(await stored()).toEqual(before);
    expect((await claim(3, [await invoice(), statement()])).statusCode).toBe(201);
  });

  it('requires the statement for care before the day the fund connected the link', async () => {
    const before = await stored();
    const res = await claim(1, [await invoice()], '2025-03-11');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MISSING_STATEMENT);
    expect(await stored()).toEqual(before);
  });

  it('follows the fund’s latest answer, not what the contract recorded: a link ended requires the statement again', async () => {
    const id = await beneficiaryId(1);
    await t.database.db
      .update(noemieStates)
      .set({ state: 'DISCONNECTED', reason: 'Changement de caisse.', since: today })
      .where(eq(noemieStates.beneficiaryId, id));
    try {
      const before = await stored();
      const res = await claim(1, [await invoice()]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(MISSING_STATEMENT);
      expect(await stored()).toEqual(before);
    } finally {
      await t.database.db.update(noemieStates).set({ state: 'CONNECTED', reason: null, since: '2025-03-12' }).where(eq(noemieStates.beneficiaryId, id));
    }
  });
});
