import { timelineStepLabel, timelineStepLink } from '@mutua/contracts';
import type { Db } from '../../db/client';
import { requestGroups, requestMessages, requestSteps, requests } from '../../db/schema';
import type { InspectedUpload } from '../../http/upload-check';
import { storeFile } from '../documents/public';

export type MemberRequestInput = {
  memberId: string;
  typeCode: number;
  title: string;
  body: string;
  files?: readonly InspectedUpload[];
  /** Caption of the first timeline step (e.g. the complaint's deadlines). */
  firstStepCaption?: string | null;
  at: Date;
};
export type CreatedMemberRequest = { requestId: string; groupId: string; messageId: string };

/**
 * TEMPORARY local twin of the lead's `submitMemberRequest` (modules/requests/public.ts, not on main
 * yet when this was written): the request group, request, first step ("received"), message and
 * attachments in the caller's transaction. Replace by the shared one once merged.
 */
export async function insertMemberRequest(tx: Db, input: MemberRequestInput): Promise<CreatedMemberRequest> {
  const { memberId, at } = input;
  const [group] = await tx.insert(requestGroups).values({ memberId, createdAt: at, updatedAt: at }).returning({ id: requestGroups.id });
  const [request] = await tx
    .insert(requests)
    .values({ groupId: group!.id, memberId, typeCode: input.typeCode, title: input.title, statusKey: 'request_sent', read: true, createdAt: at, updatedAt: at })
    .returning({ id: requests.id });
  await tx.insert(requestSteps).values({
    requestId: request!.id,
    position: 0,
    step: 'received',
    label: timelineStepLabel('message', input.typeCode, 'received'),
    labelCaption: input.firstStepCaption ?? null,
    linkInfoMessage: timelineStepLink('received'),
    occurredAt: at,
  });
  const [message] = await tx.insert(requestMessages).values({ requestId: request!.id, direction: 'member', body: input.body, createdAt: at }).returning({ id: requestMessages.id });
  for (const [i, file] of (input.files ?? []).entries()) {
    await storeFile(tx, {
      memberId,
      origin: 'member',
      requestId: request!.id,
      messageId: message!.id,
      name: file.name,
      nameFile: file.name,
      contentType: file.contentType,
      content: file.content,
      createdAt: new Date(at.getTime() + i),
    });
  }
  return { requestId: request!.id, groupId: group!.id, messageId: message!.id };
}
