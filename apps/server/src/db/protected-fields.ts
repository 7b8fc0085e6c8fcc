import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { members } from './schema/members';
import { decryptBytes, decryptField, decryptOptional, hmacField, tenantSealer } from './field-crypto';

/*
 * The personal data encrypted at rest, column by column, over db/field-crypto.ts: what each table
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
export async function sealNir(
  db: Db,
  tenantId: string,
  table: NirTable,
  rowId: string,
  nir: string | null,
): Promise<{ nir: string | null; nirHmac: string | null }> {
  if (nir == null) return { nir: null, nirHmac: null };
  return (await protectedFieldSealer(db, tenantId)).nir(table, rowId, nir);
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
export async function sealBankFields(
  db: Db,
  tenantId: string,
  table: BankTable,
  rowId: string,
  fields: BankFields,
): Promise<BankFields & { ibanHmac: string }> {
  return (await protectedFieldSealer(db, tenantId)).bank(table, rowId, fields);
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
  return (await protectedFieldSealer(db, tenantId)).document(table, column, rowId, bytes);
}

/**
 * The seal functions above for many rows of one tenant, its data key looked up once (a bulk writer
 * such as the synthetic population): every stored form comes from here.
 */
export async function protectedFieldSealer(db: Db, tenantId: string) {
  const seal = await tenantSealer(db, tenantId);
  return {
    nir: (table: NirTable, rowId: string, nir: string) => ({
      nir: seal.text({ table, column: 'nir', rowId }, normaliseNir(nir)),
      nirHmac: seal.hmac('nir', normaliseNir(nir)),
    }),
    bank: (table: BankTable, rowId: string, fields: BankFields): BankFields & { ibanHmac: string } => ({
      holder: seal.text({ table, column: 'holder', rowId }, fields.holder),
      iban: seal.text({ table, column: 'iban', rowId }, fields.iban),
      bic: fields.bic == null ? null : seal.text({ table, column: 'bic', rowId }, fields.bic),
      ibanHmac: seal.hmac('iban', normaliseIban(fields.iban)),
    }),
    document: (table: string, column: string, rowId: string, bytes: Buffer) => seal.bytes({ table, column, rowId }, bytes),
  };
}
export type ProtectedFieldSealer = Awaited<ReturnType<typeof protectedFieldSealer>>;

export async function openDocument(db: Db, tenantId: string, table: string, column: string, rowId: string, stored: Buffer): Promise<Buffer> {
  return decryptBytes(db, tenantId, { table, column, rowId }, stored);
}

/** The tenant a member belongs to (the data key a read needs, where the caller only knows the member). */
export async function tenantOfMember(db: Db, memberId: string): Promise<string> {
  const [row] = await db.select({ tenantId: members.tenantId }).from(members).where(eq(members.id, memberId));
  if (!row) throw new Error('no such member');
  return row.tenantId;
}
