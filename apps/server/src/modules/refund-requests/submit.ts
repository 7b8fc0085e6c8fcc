import { timelineStepLabel, timelineStepLink, type RequestType, type TSubmissionResult } from '@mutua/contracts';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { beneficiaries, requestGroups, requestMessages, requestSteps, requestTypes, requests } from '../../db/schema';
import type { FormFile } from '../../http/multipart';
import { AppError } from '../../lib/app-error';
import { storeFile } from '../documents/public';

/*
 * Until the requests module's shared submitMemberRequest lands: one transaction creating the group, the
 * request (« Demande envoyée »), its first step « Reçu par nos équipes », the member's message with its
 * files, and the caller's detail row. Nothing is stored when any part fails.
 */

export type Submission = {
  memberId: string;
  type: RequestType;
  codeName: string;
  title: string;
  body: string;
  beneficiaryId: string | null;
  files: readonly (FormFile & { label?: string })[];
  /** Typed file rows (supporting documents list them in the shared documents). */
  fileTypeCode?: boolean;
  detail?: (tx: Db, requestId: string) => Promise<void>;
};

/** The type code of a request kind from the request-types list (the spec: « by code name »). */
export async function typeCodeOf(db: Db, type: RequestType, codeName: string): Promise<number> {
  const [row] = await db
    .select({ typeCode: requestTypes.typeCode })
    .from(requestTypes)
    .where(and(eq(requestTypes.type, type), eq(requestTypes.codeName, codeName)));
  if (!row) throw new Error(`request type ${type}/${codeName} missing from request_types`);
  return row.typeCode;
}

/** The member's beneficiary at this family position, or null. */
export async function beneficiaryAt(db: Db, memberId: string, familyPosition: number) {
  const [row] = await db
    .select({ id: beneficiaries.id, rank: beneficiaries.rank, birthDate: beneficiaries.birthDate, firstName: beneficiaries.firstName, surName: beneficiaries.surName, insured: beneficiaries.insured })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.memberId, memberId), eq(beneficiaries.familyPosition, familyPosition)));
  return row ?? null;
}

export async function submitRequest(db: Db, input: Submission, now = new Date()): Promise<TSubmissionResult> {
  const typeCode = await typeCodeOf(db, input.type, input.codeName);
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const [group] = await tx.insert(requestGroups).values({ memberId: input.memberId, createdAt: now, updatedAt: now }).returning({ id: requestGroups.id });
    const [request] = await tx
      .insert(requests)
      .values({
        groupId: group!.id,
        memberId: input.memberId,
        beneficiaryId: input.beneficiaryId,
        typeCode,
        title: input.title,
        statusKey: 'request_sent',
        read: true,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: requests.id, statusKey: requests.statusKey });
    await tx.insert(requestSteps).values({
      requestId: request!.id,
      position: 0,
      step: 'received',
      label: timelineStepLabel(input.type, typeCode, 'received'),
      linkInfoMessage: timelineStepLink('received'),
      occurredAt: now,
    });
    const [message] = await tx.insert(requestMessages).values({ requestId: request!.id, direction: 'member', body: input.body, createdAt: now }).returning({ id: requestMessages.id });
    for (const [i, file] of input.files.entries()) {
      await storeFile(tx, {
        memberId: input.memberId,
        origin: 'member',
        requestId: request!.id,
        messageId: message!.id,
        beneficiaryId: input.beneficiaryId,
        typeCode: input.fileTypeCode ? typeCode : null,
        name: file.label ? `${file.label} – ${file.name}` : file.name,
        nameFile: file.name,
        contentType: file.contentType,
        content: file.content,
        createdAt: new Date(now.getTime() + i),
      });
    }
    await input.detail?.(tx, request!.id);
    return { requestId: request!.id, groupId: group!.id, typeCode, statusKey: request!.statusKey };
  });
}

export const requireBeneficiary = async (db: Db, memberId: string, familyPosition: number, message: string) => {
  const beneficiary = await beneficiaryAt(db, memberId, familyPosition);
  if (!beneficiary) throw new AppError('VALIDATION_FAILED', message);
  return beneficiary;
};
