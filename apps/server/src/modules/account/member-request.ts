import { timelineStepLabel, timelineStepLink, type StatusKey } from '@mutua/contracts';
import type { Db } from '../../db/client';
import { requestGroups, requestMessages, requestSteps, requests } from '../../db/schema';
import type { InspectedUpload } from '../../http/upload-check';
import { storeFile } from '../documents/public';

/*
 * TEMPORARY stand-in for requests/public.ts `submitMemberRequest` (the lead's, landing on main): same
 * shape, so that switching is an import change. No idempotency here.
 */

export type MemberRequestDraft = {
  memberId: string;
  typeCode: number;
  title: string;
  beneficiaryId?: string | null;
  message?: string;
  files?: readonly InspectedUpload[];
  statusKey?: StatusKey;
};
export type CreatedRequest = { requestId: string; groupId: string; messageId: string | null; statusKey: StatusKey };
export type SubmitOptions<R> = { idempotencyKey?: string | null; now?: Date; details?: (tx: Db, created: CreatedRequest) => Promise<R> };
export type Submitted<R> = { data: R; replayed: boolean };

export async function submitMemberRequest<R = CreatedRequest>(db: Db, draft: MemberRequestDraft, options: SubmitOptions<R> = {}): Promise<Submitted<R>> {
  const now = options.now ?? new Date();
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const statusKey = draft.statusKey ?? 'request_sent';
    const [group] = await tx.insert(requestGroups).values({ memberId: draft.memberId, createdAt: now, updatedAt: now }).returning({ id: requestGroups.id });
    const [request] = await tx
      .insert(requests)
      .values({ groupId: group!.id, memberId: draft.memberId, beneficiaryId: draft.beneficiaryId ?? null, typeCode: draft.typeCode, title: draft.title, statusKey, read: true, createdAt: now, updatedAt: now })
      .returning({ id: requests.id });
    const requestId = request!.id;
    await tx.insert(requestSteps).values({
      requestId,
      position: 0,
      step: 'received',
      label: timelineStepLabel('message', draft.typeCode, 'received'),
      linkInfoMessage: timelineStepLink('received'),
      occurredAt: now,
    });
    const files = draft.files ?? [];
    const words = draft.message?.trim() ?? '';
    let messageId: string | null = null;
    if (words || files.length) {
      const [message] = await tx.insert(requestMessages).values({ requestId, direction: 'member', body: words, createdAt: now }).returning({ id: requestMessages.id });
      messageId = message!.id;
      for (const [i, file] of files.entries()) {
        await storeFile(tx, {
          memberId: draft.memberId,
          origin: 'member',
          requestId,
          messageId,
          beneficiaryId: draft.beneficiaryId ?? null,
          name: file.name,
          nameFile: file.name,
          contentType: file.contentType,
          content: file.content,
          createdAt: new Date(now.getTime() + i),
        });
      }
    }
    const created: CreatedRequest = { requestId, groupId: group!.id, messageId, statusKey };
    const data = options.details ? await options.details(tx, created) : (created as R);
    return { data, replayed: false };
  });
}
