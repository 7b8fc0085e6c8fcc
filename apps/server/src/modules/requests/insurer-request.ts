import { timelineStepLabel } from '@mutua/contracts/request-kinds';
import { MESSAGE_KIND_CODES, timelineStepLink } from '@mutua/contracts/requests';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { requestGroups, requestMessages, requestSteps, requests } from '../../db/schema';

/**
 * The management centre asks the member for additional parts (10005) about one of their requests: a
 * new request in the same group, at « Informations requises » with the insurer's message unread. The
 * member answers it with files (POST /requests/{id}/messages), which moves it to « Étude de votre
 * réponse ». Runs in the caller's transaction.
 */
export async function askAdditionalParts(
  tx: Db,
  input: { aboutRequestId: string; memberId: string; title: string; message: string; now: Date },
): Promise<string> {
  const [about] = await tx
    .select({ groupId: requests.groupId, beneficiaryId: requests.beneficiaryId })
    .from(requests)
    .where(eq(requests.id, input.aboutRequestId));
  if (!about) throw new Error('request missing');
  const typeCode = MESSAGE_KIND_CODES.request_additional_parts;
  const { now } = input;
  const [created] = await tx
    .insert(requests)
    .values({
      groupId: about.groupId,
      memberId: input.memberId,
      beneficiaryId: about.beneficiaryId,
      typeCode,
      title: input.title,
      statusKey: 'unread',
      read: false,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: requests.id });
  const id = created!.id;
  await tx.insert(requestSteps).values({
    requestId: id,
    position: 0,
    step: 'information_required',
    label: timelineStepLabel('message', typeCode, 'information_required'),
    infoMessage: input.message,
    linkInfoMessage: timelineStepLink('information_required'),
    occurredAt: now,
  });
  await tx.insert(requestMessages).values({ requestId: id, direction: 'insurer', body: input.message, createdAt: now, readAt: null });
  await tx.update(requestGroups).set({ updatedAt: now }).where(eq(requestGroups.id, about.groupId));
  return id;
}
