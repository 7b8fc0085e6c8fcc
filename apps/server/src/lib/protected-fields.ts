import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { members } from '../db/schema/members';
import { decryptBytes, decryptField, decryptOptional, encryptBytes, encryptField, encryptOptional, hmacField } from './field-crypto';

/*
 * The personal data encrypted at rest, column by column, over lib/field-crypto.ts: what each table
 * stores and how a module reads it back. Modules call these at their read and write sites so that a
 * row's shape stays what it was (a NIR in, a NIR out).
 */

export type NirTable = 'beneficiaries' | 'beneficiary_additions';

/** The NIR as it is compared: 13 characters, upper case (2A/2B), no spaces. */
export const normaliseNir = (nir: string) => nir.replace(/\s/g, '').toUpperCase();

export async function nirLookupHash(db: Db, tenantId: string, nir: string): Promise<string> {
  return hmacField(db, tenantId, 'nir', normaliseNir(nir));
}

/** A NIR to store in `table` row `rowId`: its ciphertext and its lookup hash (both null without a NIR). */
export async function sealNir(db: Db, tenantId: string, table: NirTable, rowId: string, nir: string | null): Promise<{ nir: string | null; nirHmac: string | null }> {
  if (nir == null) return { nir: null, nirHmac: null };
  return { nir: await encryptField(db, tenantId, { table, column: 'nir', rowId }, normaliseNir(nir)), nirHmac: await nirLookupHash(db, tenantId, nir) };
}

export async function openNir(db: Db, tenantId: string, table: NirTable, rowId: string, stored: string | null): Promise<string | null> {
  return decryptOptional(db, tenantId, { table, column: 'nir', rowId }, stored);
}

/** Rows of `beneficiaries` (with their id) as stored → the same rows with their NIR in clear. */
export async function openBeneficiaryNirs<T extends { id: string; nir: string | null }>(db: Db, tenantId: string, rows: readonly T[]): Promise<T[]> {
  return Promise.all(rows.map(async (r) => ({ ...r, nir: await openNir(db, tenantId, 'beneficiaries', r.id, r.nir) })));
}

export type BankTable = 'bank_accounts' | 'bank_details_changes' | 'sepa_mandates';
export type BankFields = { holder: string; iban: string; bic: string | null };

/** The IBAN as it is compared: upper case, no spaces. */
export const normaliseIban = (iban: string) => iban.replace(/\s/g, '').toUpperCase();

export async function ibanLookupHash(db: Db, tenantId: string, iban: string): Promise<string> {
  return hmacField(db, tenantId, 'iban', normaliseIban(iban));
}

/** Holder, IBAN and BIC to store in `table` row `rowId`, plus the IBAN's lookup hash. */
export async function sealBankFields(db: Db, tenantId: string, table: BankTable, rowId: string, fields: BankFields): Promise<BankFields & { ibanHmac: string }> {
  const ref = (column: string) => ({ table, column, rowId });
  return {
    holder: await encryptField(db, tenantId, ref('holder'), fields.holder),
    iban: await encryptField(db, tenantId, ref('iban'), fields.iban),
    bic: await encryptOptional(db, tenantId, ref('bic'), fields.bic),
    ibanHmac: await ibanLookupHash(db, tenantId, fields.iban),
  };
}

/** A stored row of `table` → the same row with holder, IBAN and BIC in clear. */
export async function openBankFields<T extends BankFields & { id: string }>(db: Db, tenantId: string, table: BankTable, row: T): Promise<T> {
  const ref = (column: string) => ({ table, column, rowId: row.id });
  return {
    ...row,
    holder: await decryptField(db, tenantId, ref('holder'), row.holder),
    iban: await decryptField(db, tenantId, ref('iban'), row.iban),
    bic: await decryptOptional(db, tenantId, ref('bic'), row.bic),
  };
}

/** The bytes of a stored document (uploads, RIB copies, mandates) in `table`.`column` of row `rowId`. */
export async function sealDocument(db: Db, tenantId: string, table: string, column: string, rowId: string, bytes: Buffer): Promise<Buffer> {
  return encryptBytes(db, tenantId, { table, column, rowId }, bytes);
}

export async function openDocument(db: Db, tenantId: string, table: string, column: string, rowId: string, stored: Buffer): Promise<Buffer> {
  return decryptBytes(db, tenantId, { table, column, rowId }, stored);
}

/** The tenant a member belongs to (the data key a read needs, where the caller only knows the member). */
export async function tenantOfMember(db: Db, memberId: string): Promise<string> {
  const [row] = await db.select({ tenantId: members.tenantId }).from(members).where(eq(members.id, memberId));
  if (!row) throw new Error('no such member');
  return row.tenantId;
}
