import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isEncryptedBytes, isEncryptedText } from './field-crypto';
import { nirLookupHash, openNir, sealBankFields, sealDocument, sealNir } from './protected-fields';
import type { Db } from './client';
import {
  bankAccounts,
  bankDetailsChanges,
  beneficiaries,
  beneficiaryAdditions,
  boApprovalFiles,
  boApprovals,
  members,
  sepaMandates,
  storedFileContents,
  storedFiles,
} from './schema';

const clearText = (column: AnyPgColumn) => sql`${column} NOT LIKE 'enc1:%'`;
/** Bytes not starting with the `MENC\x01` header of db/field-crypto.ts. */
const clearBytes = (column: AnyPgColumn) => sql`substring(${column} from 1 for 5) <> '\\x4d454e4301'::bytea`;

/**
 * Encrypts what a version before migration 0220 stored in clear: NIRs, bank details, document bytes.
 * Runs at every start after the migrations, each row in its own conditional update (the clear value must
 * still be there), so that instances starting together never encrypt twice. SQL cannot do it: the keys
 * never enter the database. Each look-up's conditions are those of a partial index holding only the rows
 * in clear (migration 0243): once everything is sealed, a start reads empty indexes, not the tables.
 * Keep the two word for word.
 */
export async function encryptExistingRows(db: Db): Promise<number> {
  let count = 0;
  const people = await db
    .select({ id: beneficiaries.id, nir: beneficiaries.nir, nirHmac: beneficiaries.nirHmac, tenantId: members.tenantId })
    .from(beneficiaries)
    .innerJoin(members, eq(members.id, beneficiaries.memberId))
    .where(and(isNotNull(beneficiaries.nir), sql`(${clearText(beneficiaries.nir)} OR ${beneficiaries.nirHmac} IS NULL)`));
  for (const p of people) {
    const nir = isEncryptedText(p.nir!) ? await openNir(db, p.tenantId, 'beneficiaries', p.id, p.nir) : p.nir;
    const sealed = isEncryptedText(p.nir!)
      ? { nir: p.nir, nirHmac: await nirLookupHash(db, p.tenantId, nir!) }
      : await sealNir(db, p.tenantId, 'beneficiaries', p.id, nir);
    count += (
      await db
        .update(beneficiaries)
        .set(sealed)
        .where(and(eq(beneficiaries.id, p.id), eq(beneficiaries.nir, p.nir!)))
        .returning({ id: beneficiaries.id })
    ).length;
  }

  const additions = await db
    .select({ id: beneficiaryAdditions.requestId, nir: beneficiaryAdditions.nir, tenantId: members.tenantId })
    .from(beneficiaryAdditions)
    .innerJoin(members, eq(members.id, beneficiaryAdditions.memberId))
    .where(and(isNotNull(beneficiaryAdditions.nir), clearText(beneficiaryAdditions.nir)));
  for (const a of additions) {
    const { nir } = await sealNir(db, a.tenantId, 'beneficiary_additions', a.id, a.nir);
    count += (
      await db
        .update(beneficiaryAdditions)
        .set({ nir })
        .where(and(eq(beneficiaryAdditions.requestId, a.id), eq(beneficiaryAdditions.nir, a.nir!)))
        .returning({ id: beneficiaryAdditions.requestId })
    ).length;
  }

  const accounts = await db
    .select({ row: bankAccounts, tenantId: members.tenantId })
    .from(bankAccounts)
    .innerJoin(members, eq(members.id, bankAccounts.memberId))
    .where(clearText(bankAccounts.iban));
  for (const { row, tenantId } of accounts) {
    const sealed = await sealBankFields(db, tenantId, 'bank_accounts', row.id, row);
    count += (
      await db
        .update(bankAccounts)
        .set(sealed)
        .where(and(eq(bankAccounts.id, row.id), eq(bankAccounts.iban, row.iban)))
        .returning({ id: bankAccounts.id })
    ).length;
  }

  const changes = await db.select().from(bankDetailsChanges).where(clearText(bankDetailsChanges.iban));
  for (const row of changes) {
    const bytes = (column: string, value: Buffer | null) =>
      value && !isEncryptedBytes(value) ? sealDocument(db, row.tenantId, 'bank_details_changes', column, row.id, value) : value;
    const sealed = {
      ...(await sealBankFields(db, row.tenantId, 'bank_details_changes', row.id, row)),
      documentContent: await bytes('document_content', row.documentContent),
      mandatePdf: await bytes('mandate_pdf', row.mandatePdf),
    };
    count += (
      await db
        .update(bankDetailsChanges)
        .set(sealed)
        .where(and(eq(bankDetailsChanges.id, row.id), eq(bankDetailsChanges.iban, row.iban)))
        .returning({ id: bankDetailsChanges.id })
    ).length;
  }

  const mandates = await db.select().from(sepaMandates).where(clearText(sepaMandates.iban));
  for (const row of mandates) {
    const { ibanHmac: _hash, ...fields } = await sealBankFields(db, row.tenantId, 'sepa_mandates', row.id, row);
    const signedPdf = isEncryptedBytes(row.signedPdf)
      ? row.signedPdf
      : await sealDocument(db, row.tenantId, 'sepa_mandates', 'signed_pdf', row.id, row.signedPdf);
    count += (
      await db
        .update(sepaMandates)
        .set({ ...fields, signedPdf })
        .where(and(eq(sepaMandates.id, row.id), eq(sepaMandates.iban, row.iban)))
        .returning({ id: sepaMandates.id })
    ).length;
  }

  // Documents one at a time: their bytes are the bulk of the database.
  for (;;) {
    const [file] = await db
      .select({ id: storedFileContents.fileId, content: storedFileContents.content, tenantId: members.tenantId })
      .from(storedFileContents)
      .innerJoin(storedFiles, eq(storedFiles.id, storedFileContents.fileId))
      .innerJoin(members, eq(members.id, storedFiles.memberId))
      .where(clearBytes(storedFileContents.content))
      .limit(1);
    if (!file) break;
    const content = await sealDocument(db, file.tenantId, 'stored_file_contents', 'content', file.id, file.content);
    await db
      .update(storedFileContents)
      .set({ content })
      .where(and(eq(storedFileContents.fileId, file.id), clearBytes(storedFileContents.content)));
    count++;
  }
  for (;;) {
    const [file] = await db
      .select({ id: boApprovalFiles.approvalId, content: boApprovalFiles.content, tenantId: boApprovals.tenantId })
      .from(boApprovalFiles)
      .innerJoin(boApprovals, eq(boApprovals.id, boApprovalFiles.approvalId))
      .where(clearBytes(boApprovalFiles.content))
      .limit(1);
    if (!file) break;
    const content = await sealDocument(db, file.tenantId, 'bo_approval_files', 'content', file.id, file.content);
    await db
      .update(boApprovalFiles)
      .set({ content })
      .where(and(eq(boApprovalFiles.approvalId, file.id), clearBytes(boApprovalFiles.content)));
    count++;
  }
  return count;
}
