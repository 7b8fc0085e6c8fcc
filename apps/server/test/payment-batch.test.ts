import { parisIsoDate } from '@mutua/contracts/dates';
import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { beneficiaries, paymentFiles, refundPayments, refunds } from '../src/db/schema';
import { buildTransferFile, sepaText } from '../src/modules/payment-files/build-file';
import { runPaymentBatch } from '../src/modules/payment-files/batch';
import { cancelRefund } from '../src/modules/refunds/publish';
import { DEMO_ACCOUNTS } from './support/auth';
import { memberIdOf } from './support/database';
import { createTestApp, type TestApp } from './support/test-app';
import { validateTransferFile } from './support/xsd';
import { decryptField, decryptOptional } from '../src/db/field-crypto';

// The payment batch: each refund due in exactly one file, even with two batches at once (on
// PostgreSQL truly in parallel) or a crash before the commit; every file valid against the schema.

let t: TestApp;
let camilleId: string;
let lea: { id: string } | undefined;

beforeAll(async () => {
  t = await createTestApp();
  camilleId = await memberIdOf(t.database.db, 'mutua', DEMO_ACCOUNTS.camille.membershipNumber);
  [lea] = await t.database.db
    .select({ id: beneficiaries.id })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.memberId, camilleId), eq(beneficiaries.familyPosition, 3)));
});
afterAll(() => t.close());

/** Published refunds of Camille's family, due: to the insured, and one through the tiers payant. */
async function publishedRefunds(n: number, thirdParty = 0): Promise<string[]> {
  const today = parisIsoDate();
  const rows = [...Array(n + thirdParty).keys()].map((i) => ({
    memberId: camilleId,
    beneficiaryId: lea!.id,
    beneficiaryType: 'child' as const,
    reference: `GC${randomBytes(5).toString('hex').toUpperCase()}`,
    careDate: today,
    paymentDate: today,
    actFamily: 'consultation' as const,
    actWording: 'Consultation',
    paymentTarget: i < n ? ('insured' as const) : ('health_professional' as const),
    thirdPartyName: i < n ? null : 'Pharmacie du Centre',
    totalCostCents: 30_00,
    socialSecurityCents: 19_00,
    otherMutualCents: 0,
    productCents: 9_00 + i,
    remainingChargeCents: 2_00 - i,
    socialSecurityRate: 70,
  }));
  return (await t.database.db.insert(refunds).values(rows).returning({ id: refunds.id })).map((r) => r.id);
}

const paymentsOf = (ids: string[]) => t.database.db.select().from(refundPayments).where(inArray(refundPayments.refundId, ids));

describe('the payment batch', () => {
  it('puts each refund due in exactly one file when two batches run at once', async () => {
    const ids = await publishedRefunds(6, 1);
    const results = await Promise.all([runPaymentBatch(t.database.db, 'mutua', new Date()), runPaymentBatch(t.database.db, 'mutua', new Date())]);
    const made = results.filter((r) => r !== null);
    expect(made).toHaveLength(1);
    expect(made[0]).toMatchObject({ transferCount: 6, listedCount: 1 });
    const payments = await paymentsOf(ids);
    expect(payments).toHaveLength(7);
    expect(new Set(payments.map((p) => p.fileId))).toEqual(new Set([made[0]!.fileId]));
    expect(payments.filter((p) => p.kind === 'THIRD_PARTY')).toHaveLength(1);
    // Léa's own refund account (La Banque Postale) is paid, not her parent's.
    const transfer = payments.find((p) => p.kind === 'TRANSFER')!;
    expect(transfer.iban).not.toContain('FR14');
    expect(await decryptOptional(t.database.db, 'mutua', { table: 'refund_payments', column: 'iban', rowId: transfer.refundId }, transfer.iban)).toBe(
      'FR1420041010050500013M02606',
    );

    const [stored] = await t.database.db.select().from(paymentFiles).where(eq(paymentFiles.id, made[0]!.fileId));
    // Stored encrypted (every payee's IBAN is in it), opened with the tenant's key.
    expect(stored!.xml).not.toContain('<CdtTrfTxInf>');
    const file = { ...stored!, xml: await decryptField(t.database.db, 'mutua', { table: 'payment_files', column: 'xml', rowId: stored!.id }, stored!.xml) };
    expect(file).toMatchObject({ transferCount: 6, transferTotalCents: 6 * 9_00 + 15, listedCount: 1, listedTotalCents: 9_06 });
    expect(validateTransferFile(file.xml)).toEqual({ valid: true, errors: '' });
    expect(file.xml.match(/<CdtTrfTxInf>/g)).toHaveLength(6);
    expect(file.xml).toContain('<CtrlSum>54.15</CtrlSum>');
    // The third-party refund is listed, never paid by the file.
    expect(file.xml).not.toContain('9.06');
    expect(await runPaymentBatch(t.database.db, 'mutua', new Date())).toBeNull();
  });

  it('leaves no file and no refund paid when the batch dies before its commit; the next batch pays them once', async () => {
    const ids = await publishedRefunds(3);
    const filesBefore = (await t.database.db.select({ id: paymentFiles.id }).from(paymentFiles)).length;
    await expect(
      runPaymentBatch(t.database.db, 'mutua', new Date(), {
        afterClaim: async () => {
          throw new Error('instance killed while writing the file');
        },
      }),
    ).rejects.toThrow('instance killed');
    expect(await paymentsOf(ids)).toHaveLength(0);
    expect((await t.database.db.select({ id: paymentFiles.id }).from(paymentFiles)).length).toBe(filesBefore);

    const retried = await runPaymentBatch(t.database.db, 'mutua', new Date());
    expect(retried).toMatchObject({ transferCount: 3 });
    const payments = await paymentsOf(ids);
    expect(payments).toHaveLength(3);
    expect(new Set(payments.map((p) => p.fileId)).size).toBe(1);
  });

  it('refuses to cancel a refund whose transfer is already in a file: the file would pay a refund that no longer exists', async () => {
    const [paid, unpaid] = await publishedRefunds(2);
    await runPaymentBatch(t.database.db, 'mutua', new Date());
    const staff = { staffId: randomUUID(), reason: 'Doublon' };
    await expect(t.database.db.transaction((tx) => cancelRefund(tx, paid!, staff, new Date()))).rejects.toMatchObject({ code: 'REFUND_ALREADY_PAID' });
    expect(await t.database.db.select({ id: refunds.id }).from(refunds).where(eq(refunds.id, paid!))).toHaveLength(1);
    expect(await paymentsOf([paid!])).toHaveLength(1);
    // A refund not yet in a file is still cancelled.
    await t.database.db.delete(refundPayments).where(eq(refundPayments.refundId, unpaid!));
    expect(await t.database.db.transaction((tx) => cancelRefund(tx, unpaid!, staff, new Date()))).toMatchObject({ memberId: camilleId });
  });

  it('writes no file for a tenant without a payout account, nor an empty one', async () => {
    expect(await runPaymentBatch(t.database.db, 'nowhere', new Date())).toBeNull();
    expect(await runPaymentBatch(t.database.db, 'azur', new Date())).toBeNull();
  });
});

describe('the transfer file builder', () => {
  const base = {
    messageId: 'MUTUA-20261126-TEST',
    createdAt: new Date('2026-11-26T10:00:00Z'),
    executionDate: '2026-11-27',
    debtor: { name: 'Mutua Santé', iban: 'FR7630006000011234567890189', bic: 'AGRIFRPP' },
  };

  it('writes names in the SEPA character set and the refund number as remittance information', () => {
    expect(sepaText('Léa Müller-Dupré & fils — Noël', 70)).toBe('Lea Muller-Dupre fils Noel');
    const xml = buildTransferFile({
      ...base,
      transfers: [{ reference: 'GC20261126ABCDEF', name: 'Zoé L’Hôte', iban: 'FR1420041010050500013M02606', bic: null, amountCents: 12_34 }],
    });
    expect(xml).toMatch(/<Nm>Zoe L(&apos;|')Hote<\/Nm>/);
    expect(xml).toContain('<Ustrd>GC20261126ABCDEF</Ustrd>');
    expect(xml).toContain('<EndToEndId>GC20261126ABCDEF</EndToEndId>');
    expect(xml).toContain('<InstdAmt Ccy="EUR">12.34</InstdAmt>');
    expect(xml).toContain('<Dt>2026-11-27</Dt>');
    expect(validateTransferFile(xml)).toEqual({ valid: true, errors: '' });
  });

  it('is checked by the schema: a file the bank would refuse fails validation', () => {
    const xml = buildTransferFile({ ...base, transfers: [{ reference: 'GC1', name: 'A', iban: 'FR1420041010050500013M02606', bic: null, amountCents: 1 }] });
    const broken = xml.replace('<Cd>SEPA</Cd>', '<Cd>SEPA</Cd><Foo/>');
    expect(validateTransferFile(broken).valid).toBe(false);
    expect(() => buildTransferFile({ ...base, transfers: [] })).toThrow();
  });
});
