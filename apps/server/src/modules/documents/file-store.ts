import { createHash } from 'node:crypto';
import { parisIsoDate } from '@mutua/contracts/dates';
import { SHARED_DOCUMENT_KIND, type TSharedDocument } from '@mutua/contracts/documents';
import { and, asc, desc, eq, isNotNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { openDocument, sealDocument, tenantOfMember } from '../../db/protected-fields';
import { beneficiaries, members, storedFileContents, storedFiles, type FileOrigin, type StoredContentType } from '../../db/schema';

export type NewStoredFile = {
  memberId: string;
  origin: FileOrigin;
  name: string;
  nameFile: string;
  contentType: StoredContentType;
  content: Buffer;
  requestId?: string | null;
  stepId?: string | null;
  messageId?: string | null;
  beneficiaryId?: string | null;
  typeCode?: number | null;
  /** Defaults to now; files of one message get increasing times so that they list in sending order. */
  createdAt?: Date;
};

/** Stores a file (metadata and bytes) and answers its id. Call inside the transaction of what it belongs to. */
export async function storeFile(db: Db, file: NewStoredFile): Promise<string> {
  const [row] = await db
    .insert(storedFiles)
    .values({
      memberId: file.memberId,
      origin: file.origin,
      name: file.name,
      nameFile: file.nameFile,
      contentType: file.contentType,
      sizeBytes: file.content.length,
      sha256: createHash('sha256').update(file.content).digest('hex'),
      requestId: file.requestId ?? null,
      stepId: file.stepId ?? null,
      messageId: file.messageId ?? null,
      beneficiaryId: file.beneficiaryId ?? null,
      typeCode: file.typeCode ?? null,
      ...(file.createdAt ? { createdAt: file.createdAt } : {}),
    })
    .returning({ id: storedFiles.id });
  const sealed = await sealDocument(db, await tenantOfMember(db, file.memberId), 'stored_file_contents', 'content', row!.id, file.content);
  await db.insert(storedFileContents).values({ fileId: row!.id, content: sealed });
  return row!.id;
}

export type FileDownload = { id: string; nameFile: string; contentType: StoredContentType; content: Buffer };

/** The stored files that `where` picks (at most `limit`), oldest first, with their bytes opened. */
async function openStoredFiles(db: Db, where: SQL | undefined, limit?: number) {
  const query = db
    .select({ file: storedFiles, sealed: storedFileContents.content, tenantId: members.tenantId })
    .from(storedFiles)
    .innerJoin(storedFileContents, eq(storedFileContents.fileId, storedFiles.id))
    .innerJoin(members, eq(members.id, storedFiles.memberId))
    .where(where)
    .orderBy(asc(storedFiles.createdAt), asc(storedFiles.id))
    .$dynamic();
  const rows = await (limit ? query.limit(limit) : query);
  const open = async ({ file, sealed, tenantId }: (typeof rows)[number]) => ({
    ...file,
    content: await openDocument(db, tenantId, 'stored_file_contents', 'content', file.id, sealed),
  });
  return Promise.all(rows.map(open));
}

/** The first stored file that `where` picks, with its bytes opened, or null. */
async function openStoredFile(db: Db, where: SQL | undefined): Promise<FileDownload | null> {
  const [file] = await openStoredFiles(db, where, 1);
  return file ? { id: file.id, nameFile: file.nameFile, contentType: file.contentType, content: file.content } : null;
}

/** Every file the member sent themselves, oldest first, with its bytes opened (for their copy of their data). */
export function listMemberSentFiles(db: Db, memberId: string) {
  return openStoredFiles(db, and(eq(storedFiles.memberId, memberId), eq(storedFiles.origin, 'member')));
}

/** A member's own file with its bytes, or null when it does not exist or belongs to someone else. */
export function findMemberFile(db: Db, memberId: string, fileId: string): Promise<FileDownload | null> {
  return openStoredFile(db, and(eq(storedFiles.id, fileId), eq(storedFiles.memberId, memberId)));
}

/** The file of a request with this SHA-256 (a claim's invoice) with its bytes, or null. */
export function findRequestFile(db: Db, requestId: string, sha256: string): Promise<FileDownload | null> {
  return openStoredFile(db, and(eq(storedFiles.requestId, requestId), eq(storedFiles.sha256, sha256)));
}

/** The supporting documents the member shared (typeDoc JUSTIFICATIF), newest first. */
export async function listSharedDocuments(db: Db, memberId: string): Promise<TSharedDocument[]> {
  const rows = await db
    .select({
      id: storedFiles.id,
      fileName: storedFiles.nameFile,
      createdAt: storedFiles.createdAt,
      typeCode: storedFiles.typeCode,
      firstName: beneficiaries.firstName,
      surName: beneficiaries.surName,
    })
    .from(storedFiles)
    .leftJoin(beneficiaries, eq(beneficiaries.id, storedFiles.beneficiaryId))
    .where(and(eq(storedFiles.memberId, memberId), eq(storedFiles.origin, 'member'), isNotNull(storedFiles.typeCode)))
    .orderBy(desc(storedFiles.createdAt));
  return rows.map((r) => ({
    id: r.id,
    fileName: r.fileName,
    uploadDate: parisIsoDate(r.createdAt),
    typeCode: r.typeCode!,
    nameBeneciary: r.firstName ? `${r.firstName} ${r.surName}` : null,
    typeDoc: SHARED_DOCUMENT_KIND,
  }));
}
