import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { encryptExistingRows } from '../src/db/encrypt-existing';
import { bankAccounts, members, storedFileContents, storedFiles } from '../src/db/schema';
import { isEncryptedBytes, isEncryptedText } from '../src/db/field-crypto';
import { makeTextPdf } from '../src/modules/documents/sample-files';
import { DEMO_MEMBERS } from '../src/modules/members/seed';
import type { AuthClient } from './support/auth';
import { openSignedIn } from './support/signed-in';
import type { TestApp } from './support/test-app';

let t: TestApp;
let camille: AuthClient;
const db = () => t.database.db;
beforeAll(async () => void ([t, camille] = await openSignedIn('camille')));
afterAll(() => t.close());

/** Camille's refund account and one of her documents, as a version before encryption at rest left them. */
async function leaveInClear(iban: string, pdf: Buffer) {
  const [account] = await db()
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .innerJoin(members, eq(members.id, bankAccounts.memberId))
    .where(and(eq(members.membershipNumber, DEMO_MEMBERS.camille), eq(bankAccounts.usage, 'refund'), eq(bankAccounts.familyPosition, 1)));
  await db().update(bankAccounts).set({ holder: 'Camille Durand', iban, bic: 'PSSTFRPPPAR', ibanHmac: null }).where(eq(bankAccounts.id, account!.id));
  const [file] = await db()
    .select({ id: storedFiles.id })
    .from(storedFiles)
    .innerJoin(members, eq(members.id, storedFiles.memberId))
    .where(eq(members.membershipNumber, DEMO_MEMBERS.camille))
    .limit(1);
  await db().update(storedFileContents).set({ content: pdf }).where(eq(storedFileContents.fileId, file!.id));
  return { accountId: account!.id, fileId: file!.id };
}

it('seals at the next start an IBAN and a document left in clear, once, and the member reads them', async () => {
  const iban = 'FR3330002005500000157841Z25';
  const pdf = await makeTextPdf('Ordonnance', ['Texte laissé en clair TEMOIN-CLAIR-5521']);
  const { accountId, fileId } = await leaveInClear(iban, pdf);

  expect(await encryptExistingRows(db())).toBe(2);
  expect(await encryptExistingRows(db())).toBe(0);

  const [account] = await db().select().from(bankAccounts).where(eq(bankAccounts.id, accountId));
  expect([account!.holder, account!.iban, account!.bic!].every(isEncryptedText)).toBe(true);
  expect(account!.ibanHmac).toMatch(/^[0-9a-f]{64}$/);
  const [content] = await db().select().from(storedFileContents).where(eq(storedFileContents.fileId, fileId));
  expect(isEncryptedBytes(content!.content)).toBe(true);

  const details = (await camille.get('/api/bank-details')).json().data;
  expect(details.refund).toMatchObject({ ibanLast4: '1Z25', holder: 'Camille Durand' });
  const download = await camille.get(`/api/documents/${fileId}/file`);
  expect(download.statusCode).toBe(200);
  expect(download.rawPayload.equals(pdf)).toBe(true);
});
