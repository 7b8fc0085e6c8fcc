import { maskIban } from '@mutua/contracts/bank-details';
import type { TPaymentFile, TPaymentFileDetail } from '@mutua/contracts/payment-files';
import { and, asc, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentFiles, refundPayments, refunds, staff } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { decryptField, decryptOptional } from '../../db/field-crypto';
import { tenantsOf } from '../../core/staff-sessions';

/* The back office's payment files: listed per staff tenant, read, downloaded, marked sent. */

type FileRow = typeof paymentFiles.$inferSelect & { sentByName: string | null };

const toFile = (f: FileRow): TPaymentFile => ({
  id: f.id,
  tenantId: f.tenantId,
  messageId: f.messageId,
  executionDate: f.executionDate,
  createdAt: f.createdAt.toISOString(),
  sentAt: f.sentAt?.toISOString() ?? null,
  sentBy: f.sentByName,
  transferCount: f.transferCount,
  transferTotalCents: f.transferTotalCents,
  listedCount: f.listedCount,
  listedTotalCents: f.listedTotalCents,
});

const fileColumns = {
  id: paymentFiles.id,
  tenantId: paymentFiles.tenantId,
  messageId: paymentFiles.messageId,
  executionDate: paymentFiles.executionDate,
  xml: paymentFiles.xml,
  transferCount: paymentFiles.transferCount,
  transferTotalCents: paymentFiles.transferTotalCents,
  listedCount: paymentFiles.listedCount,
  listedTotalCents: paymentFiles.listedTotalCents,
  createdAt: paymentFiles.createdAt,
  sentAt: paymentFiles.sentAt,
  sentBy: paymentFiles.sentBy,
  sentByName: staff.displayName,
};

export async function listPaymentFiles(db: Db, staffId: string): Promise<TPaymentFile[]> {
  const scope = await tenantsOf(db, staffId);
  if (scope.length === 0) return [];
  const rows = await db
    .select(fileColumns)
    .from(paymentFiles)
    .leftJoin(staff, eq(staff.id, paymentFiles.sentBy))
    .where(inArray(paymentFiles.tenantId, scope))
    .orderBy(desc(paymentFiles.createdAt))
    .limit(200);
  return rows.map(toFile);
}

/** A file of the staff's tenants with its XML, or null. */
export async function paymentFileOf(db: Db, staffId: string, id: string): Promise<FileRow | null> {
  const scope = await tenantsOf(db, staffId);
  if (scope.length === 0) return null;
  const [row] = await db
    .select(fileColumns)
    .from(paymentFiles)
    .leftJoin(staff, eq(staff.id, paymentFiles.sentBy))
    .where(and(eq(paymentFiles.id, id), inArray(paymentFiles.tenantId, scope)));
  if (!row) return null;
  return { ...row, xml: await decryptField(db, row.tenantId, { table: 'payment_files', column: 'xml', rowId: row.id }, row.xml) };
}

export async function paymentFileDetail(db: Db, staffId: string, id: string): Promise<TPaymentFileDetail | null> {
  const file = await paymentFileOf(db, staffId, id);
  if (!file) return null;
  const payments = await db
    .select({ payment: refundPayments, reference: refunds.reference })
    .from(refundPayments)
    .innerJoin(refunds, eq(refunds.id, refundPayments.refundId))
    .where(eq(refundPayments.fileId, id))
    .orderBy(asc(refundPayments.kind), asc(refunds.reference));
  const lines = await Promise.all(
    payments.map(async ({ payment: p, reference }) => {
      const iban = await decryptOptional(db, file.tenantId, { table: 'refund_payments', column: 'iban', rowId: p.refundId }, p.iban);
      return { refundId: p.refundId, reference, kind: p.kind, payeeName: p.payeeName, amountCents: p.amountCents, ibanMasked: iban ? maskIban(iban) : null };
    }),
  );
  return { ...toFile(file), lines };
}

/**
 * Marks a file handed to the bank, once: its transfers become « virement émis » for the members (the
 * execution date and the expected arrival shown in their refunds).
 */
export async function markPaymentFileSent(db: Db, staffId: string, id: string, now: Date) {
  const file = await paymentFileOf(db, staffId, id);
  if (!file) return null;
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [won] = await tx
      .update(paymentFiles)
      .set({ sentAt: now, sentBy: staffId })
      .where(and(eq(paymentFiles.id, id), isNull(paymentFiles.sentAt)))
      .returning({ id: paymentFiles.id });
    if (!won) throw new AppError('PAYMENT_FILE_ALREADY_SENT');
    await tx
      .update(refundPayments)
      .set({ issuedAt: now })
      .where(and(eq(refundPayments.fileId, id), eq(refundPayments.kind, 'TRANSFER')));
    // The refund's payment date becomes its transfer's execution date: the statement and the member's list say when it was paid.
    await tx.execute(
      sql`UPDATE refunds r SET payment_date = p.execution_date FROM refund_payments p WHERE p.refund_id = r.id AND p.file_id = ${id} AND p.kind = 'TRANSFER'`,
    );
    return { tenantId: file.tenantId, messageId: file.messageId, transferCount: file.transferCount };
  });
}
