import type { TSubmissionResult } from '@mutua/contracts/refund-requests';
import type { RequestType } from '@mutua/contracts/requests';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { beneficiaries, requestTypes, storedFiles } from '../../db/schema';
import type { FormFile } from '../../http/multipart';
import { AppError } from '../../lib/app-error';
import { submitMemberRequest, type Submitted } from './submit';

/*
 * The submission flows of this issue (refund request, document sharing, quote) over the requests
 * module's submitMemberRequest: one transaction for the group, the request, its first step, the
 * member's message with its files and the flow's detail row; the same Idempotency-Key answers the
 * first result instead of a second request.
 */

export type Submission<E extends object = object> = {
  memberId: string;
  type: RequestType;
  codeName: string;
  title: string;
  body: string;
  beneficiaryId: string | null;
  /** Files in sending order; `label` names the document they are (« Facture détaillée – facture.pdf »). */
  files: readonly (FormFile & { label?: string })[];
  /** Typed file rows (supporting documents list them in the member's shared documents). */
  fileTypeCode?: boolean;
  /** The flow's own rows, in the same transaction; what it returns joins the answer. */
  detail?: (tx: Db, requestId: string) => Promise<E | void>;
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
    .select({
      id: beneficiaries.id,
      rank: beneficiaries.rank,
      birthDate: beneficiaries.birthDate,
      firstName: beneficiaries.firstName,
      surName: beneficiaries.surName,
      insured: beneficiaries.insured,
    })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.memberId, memberId), eq(beneficiaries.familyPosition, familyPosition)));
  return row ?? null;
}

/** The beneficiary, or a 400 with the flow's French message (a position outside the member's family included). */
export const requireBeneficiary = async (db: Db, memberId: string, familyPosition: number, message: string) => {
  const beneficiary = await beneficiaryAt(db, memberId, familyPosition);
  if (!beneficiary) throw new AppError('VALIDATION_FAILED', message);
  return beneficiary;
};

export async function submitRequest<E extends object = object>(
  db: Db,
  input: Submission<E>,
  options: { idempotencyKey: string | null; now: Date },
): Promise<Submitted<TSubmissionResult & Partial<E>>> {
  const typeCode = await typeCodeOf(db, input.type, input.codeName);
  return submitMemberRequest(
    db,
    { memberId: input.memberId, typeCode, title: input.title, beneficiaryId: input.beneficiaryId, message: input.body, files: input.files },
    {
      ...options,
      details: async (tx, created) => {
        if (created.messageId && input.files.length > 0) {
          const rows = await tx
            .select({ id: storedFiles.id })
            .from(storedFiles)
            .where(eq(storedFiles.messageId, created.messageId))
            .orderBy(asc(storedFiles.createdAt));
          for (const [i, row] of rows.entries()) {
            const file = input.files[i];
            await tx
              .update(storedFiles)
              .set({
                beneficiaryId: input.beneficiaryId,
                ...(input.fileTypeCode ? { typeCode } : {}),
                ...(file?.label ? { name: `${file.label} – ${file.name}` } : {}),
              })
              .where(eq(storedFiles.id, row.id));
          }
        }
        const extra = (await input.detail?.(tx, created.requestId)) ?? {};
        return { requestId: created.requestId, groupId: created.groupId, typeCode, statusKey: created.statusKey, ...extra } as TSubmissionResult & Partial<E>;
      },
    },
  );
}
