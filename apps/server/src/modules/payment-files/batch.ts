import { parisIsoDate } from '@mutua/contracts/dates';
import { executionDateOf } from '@mutua/contracts/payment-calendar';
import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentFiles, payoutAccounts, refundPayments } from '../../db/schema';
import { encryptField, encryptOptional } from '../../db/field-crypto';
import { openBankFields } from '../../db/protected-fields';
import { buildTransferFile, type Transfer } from './build-file';

/*
 * One payment batch of one tenant, in ONE transaction: the refunds due are claimed (a row each in
 * refund_payments, whose primary key refuses a second claim), the pain.001 file is built from them and
 * stored in payment_files. A crash anywhere before the commit leaves nothing — no half file, no refund
 * marked paid — and the next batch takes them all again; two instances batching at once are serialised
 * by a transaction-scoped advisory lock per tenant, the second finding nothing left to pay.
 *
 * Due: a published refund with a mutuelle part, paid to the insured (a transfer to the refund account
 * of the person cared for, else the main insured's) or to a health professional through the tiers
 * payant (listed beside the file, not paid by it), not waiting for a manager's post-check.
 */

type DueRow = {
  refund_id: string;
  reference: string;
  payment_target: string;
  amount_cents: number;
  first_name: string;
  sur_name: string;
  account_id: string | null;
  holder: string | null;
  iban: string | null;
  bic: string | null;
};

export type BatchHooks = {
  /** Tests: runs once the file and its claims are written, before the commit (a crash there must leave nothing). */
  afterClaim?: () => Promise<void>;
};

export type BatchResult = { fileId: string; transferCount: number; listedCount: number } | null;

export async function runPaymentBatch(db: Db, tenantId: string, now: Date, hooks: BatchHooks = {}): Promise<BatchResult> {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${`payment-batch:${tenantId}`}))`);
    const [debtor] = await tx.select().from(payoutAccounts).where(eq(payoutAccounts.tenantId, tenantId));
    if (!debtor) return null;
    const due = (await tx.execute(sql`
      SELECT r.id AS refund_id, r.reference, r.payment_target, r.product_cents AS amount_cents, b.first_name, b.sur_name,
             acct.id AS account_id, acct.holder, acct.iban, acct.bic
      FROM refunds r
      JOIN members m ON m.id = r.member_id AND m.tenant_id = ${tenantId}
      JOIN beneficiaries b ON b.id = r.beneficiary_id
      LEFT JOIN LATERAL (
        SELECT a.id, a.holder, a.iban, a.bic FROM bank_accounts a
        WHERE a.member_id = r.member_id
          AND ((a.usage = 'refund' AND a.family_position IN (b.family_position, 1)) OR (a.usage = 'contribution' AND a.family_position = 1))
        ORDER BY a.usage = 'refund' DESC, a.family_position = b.family_position DESC
        LIMIT 1
      ) acct ON true
      WHERE r.product_cents > 0
        AND r.payment_target IN ('insured', 'bank_account', 'health_professional')
        AND NOT EXISTS (SELECT 1 FROM refund_payments p WHERE p.refund_id = r.id)
        AND NOT EXISTS (SELECT 1 FROM claim_decisions d WHERE d.refund_id = r.id AND d.post_check = 'PENDING')
      ORDER BY r.created_at, r.id
      LIMIT 5000`)) as unknown as { rows: DueRow[] };
    // Bank details are encrypted at rest: opened here, for the file only.
    const transfers = await Promise.all(
      due.rows
        .filter((r) => r.payment_target !== 'health_professional' && r.account_id && r.iban)
        .map(async (r) => ({
          ...r,
          ...(await openBankFields(tx, tenantId, 'bank_accounts', { id: r.account_id!, holder: r.holder!, iban: r.iban!, bic: r.bic })),
        })),
    );
    const listed = due.rows.filter((r) => r.payment_target === 'health_professional');
    // A file holds at least one transfer; third-party refunds alone wait to be listed with the next one.
    if (transfers.length === 0) return null;

    const executionDate = executionDateOf(parisIsoDate(now));
    const messageId = `MUTUA-${parisIsoDate(now).replaceAll('-', '')}-${randomBytes(6).toString('hex').toUpperCase()}`;
    const payees: Transfer[] = transfers.map((r) => ({
      reference: r.reference,
      name: r.holder ?? `${r.first_name} ${r.sur_name}`,
      iban: r.iban!,
      bic: r.bic,
      amountCents: r.amount_cents,
    }));
    const xml = buildTransferFile({ messageId, createdAt: now, executionDate, debtor, transfers: payees });
    const sum = (rows: DueRow[]) => rows.reduce((n, r) => n + r.amount_cents, 0);
    // The file holds every payee's IBAN: stored encrypted like the accounts it comes from.
    const fileId = randomUUID();
    const sealedXml = await encryptField(tx, tenantId, { table: 'payment_files', column: 'xml', rowId: fileId }, xml);
    const sealedIbans = await Promise.all(
      transfers.map((r) => encryptOptional(tx, tenantId, { table: 'refund_payments', column: 'iban', rowId: r.refund_id }, r.iban)),
    );
    const [file] = await tx
      .insert(paymentFiles)
      .values({
        id: fileId,
        tenantId,
        messageId,
        executionDate,
        xml: sealedXml,
        transferCount: transfers.length,
        transferTotalCents: sum(transfers),
        listedCount: listed.length,
        listedTotalCents: sum(listed),
        createdAt: now,
      })
      .returning({ id: paymentFiles.id });
    const claimed = await tx
      .insert(refundPayments)
      .values([
        ...transfers.map((r, i) => ({
          refundId: r.refund_id,
          fileId: file!.id,
          kind: 'TRANSFER' as const,
          payeeName: payees[i]!.name,
          iban: sealedIbans[i]!,
          amountCents: r.amount_cents,
          executionDate,
        })),
        ...listed.map((r) => ({
          refundId: r.refund_id,
          fileId: file!.id,
          kind: 'THIRD_PARTY' as const,
          payeeName: `${r.first_name} ${r.sur_name}`,
          iban: null,
          amountCents: r.amount_cents,
          executionDate,
        })),
      ])
      .onConflictDoNothing()
      .returning({ id: refundPayments.refundId });
    // Claimed elsewhere meanwhile (only without the lock, e.g. a hand-run statement): roll back, the next batch starts over.
    if (claimed.length !== transfers.length + listed.length) throw new Error('payment batch: refunds claimed by another batch');
    await hooks.afterClaim?.();
    return { fileId: file!.id, transferCount: transfers.length, listedCount: listed.length };
  });
}
