import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { bankAccounts, type BankAccount, type BankDetailsChange } from '../../db/schema';
import { decryptField } from '../../db/field-crypto';
import { openBankFields, openDocument, sealBankFields, sealDocument, tenantOfMember } from '../../db/protected-fields';

/*
 * The bank tables' rows as stored (holder, IBAN, BIC and document bytes encrypted, db/protected-fields.ts)
 * and as the service reads them (in clear): every read and write of those columns goes through here.
 */

type AccountFields = { holder: string; iban: string; bic: string | null; bankName: string | null };

export async function openAccount(db: Db, tenantId: string, row: BankAccount): Promise<BankAccount> {
  return openBankFields(db, tenantId, 'bank_accounts', row);
}

/** A change row in clear: bank fields, the RIB copy and the mandate shown before signing. */
export async function openChange(db: Db, row: BankDetailsChange): Promise<BankDetailsChange> {
  const opened = await openBankFields(db, row.tenantId, 'bank_details_changes', row);
  const bytes = (column: string, value: Buffer | null) => (value ? openDocument(db, row.tenantId, 'bank_details_changes', column, row.id, value) : null);
  return { ...opened, documentContent: await bytes('document_content', row.documentContent), mandatePdf: await bytes('mandate_pdf', row.mandatePdf) };
}

/** The values of a new change row (its id chosen here: the ciphertexts are bound to it). */
export async function sealChange(
  db: Db,
  tenantId: string,
  values: AccountFields & { documentContent?: Buffer | null; mandatePdf?: Buffer | null },
): Promise<AccountFields & { id: string; ibanHmac: string; documentContent?: Buffer | null; mandatePdf?: Buffer | null }> {
  const id = randomUUID();
  const sealed = await sealBankFields(db, tenantId, 'bank_details_changes', id, values);
  const bytes = (column: string, value: Buffer | null | undefined) => (value ? sealDocument(db, tenantId, 'bank_details_changes', column, id, value) : value);
  return {
    ...values,
    ...sealed,
    id,
    documentContent: await bytes('document_content', values.documentContent),
    mandatePdf: await bytes('mandate_pdf', values.mandatePdf),
  };
}

/** The values of a new signed mandate row. */
export async function sealMandate(db: Db, tenantId: string, values: { holder: string; iban: string; bic: string | null; signedPdf: Buffer }) {
  const id = randomUUID();
  const { ibanHmac: _hash, ...sealed } = await sealBankFields(db, tenantId, 'sepa_mandates', id, values);
  return { id, ...sealed, signedPdf: await sealDocument(db, tenantId, 'sepa_mandates', 'signed_pdf', id, values.signedPdf) };
}

export async function openMandateIban(db: Db, tenantId: string, mandateId: string, iban: string): Promise<string> {
  return decryptField(db, tenantId, { table: 'sepa_mandates', column: 'iban', rowId: mandateId }, iban);
}

export async function openMandatePdf(db: Db, tenantId: string, mandateId: string, pdf: Buffer): Promise<Buffer> {
  return openDocument(db, tenantId, 'sepa_mandates', 'signed_pdf', mandateId, pdf);
}

/**
 * The account in force for one use and person, created or replaced. The row keeps one id for good
 * (read first, taken again on conflict), since its ciphertexts are bound to it.
 */
export async function upsertAccount(
  tx: Db,
  memberId: string,
  usage: 'contribution' | 'refund',
  familyPosition: number,
  account: AccountFields,
  now: Date,
): Promise<void> {
  const tenantId = await tenantOfMember(tx, memberId);
  const [existing] = await tx
    .select({ id: bankAccounts.id })
    .from(bankAccounts)
    .where(and(eq(bankAccounts.memberId, memberId), eq(bankAccounts.usage, usage), eq(bankAccounts.familyPosition, familyPosition)));
  const id = existing?.id ?? randomUUID();
  const sealed = { ...account, ...(await sealBankFields(tx, tenantId, 'bank_accounts', id, account)) };
  await tx
    .insert(bankAccounts)
    .values({ id, memberId, usage, familyPosition, ...sealed, updatedAt: now })
    .onConflictDoUpdate({ target: [bankAccounts.memberId, bankAccounts.usage, bankAccounts.familyPosition], set: { id, ...sealed, updatedAt: now } });
}
