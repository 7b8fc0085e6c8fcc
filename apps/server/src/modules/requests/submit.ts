import { IDEMPOTENCY_HEADER, isIdempotencyKey } from '@mutua/contracts/platform';
import { timelineStepLabel, timelineStepsOf } from '@mutua/contracts/request-kinds';
import { timelineStepLink, type StatusKey } from '@mutua/contracts/requests';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { requestGroups, requestSteps, requestSubmissions, requestTypes, requests } from '../../db/schema';
import type { InspectedUpload } from '../../http/upload-check';
import { AppError } from '../../lib/app-error';
import { addMessage } from './repository';

/** What the member sends: one request of a kind, optionally about a beneficiary, with words and files. */
export type MemberRequestDraft = {
  memberId: string;
  /** A code of the request types table (contracts: MESSAGE_KIND_CODES, bill/quotation/document codes…). */
  typeCode: number;
  title: string;
  beneficiaryId?: string | null;
  /** The member's comment: the thread's first message, carrying the files. None when empty and no files. */
  message?: string;
  files?: readonly InspectedUpload[];
  /** Default `request_sent` (« Demande envoyée »). */
  statusKey?: StatusKey;
};

export type CreatedRequest = { requestId: string; groupId: string; messageId: string | null; statusKey: StatusKey };

export type SubmitOptions<R> = {
  /** From `idempotencyKeyOf(request)`: the same key from the same member answers the first result. */
  idempotencyKey?: string | null;
  now?: Date;
  /**
   * The calling module's own rows (claim details, quote lines…) in the same transaction, and the route's
   * answer (JSON): stored, and answered again to a retry. Without it the answer is the CreatedRequest.
   */
  details?: (tx: Db, created: CreatedRequest) => Promise<R>;
};

export type Submitted<R> = { data: R; replayed: boolean };

/** The submission key of a form (`Idempotency-Key` header), or null when the client sent none. */
export function idempotencyKeyOf(request: FastifyRequest): string | null {
  const raw = request.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (raw === undefined) return null;
  if (typeof raw !== 'string' || !isIdempotencyKey(raw)) throw new AppError('IDEMPOTENCY_KEY_INVALID');
  return raw;
}

/** 201 with the answer; a replay says so in `Idempotent-Replayed: true` and answers the same body. */
export function sendSubmitted<R>(reply: FastifyReply, submitted: Submitted<R>) {
  if (submitted.replayed) void reply.header('idempotent-replayed', 'true');
  return reply.status(201).send({ data: submitted.data });
}

/**
 * Creates a member's request in one transaction: a new group, the request at its kind's first timeline
 * step (« Reçu par nos équipes » for most), the first message with its files, then the caller's own
 * rows. All or nothing: a member whose connection drops finds nothing half-stored and sends again.
 *
 * With an idempotency key the submission row is written FIRST: a concurrent duplicate waits on its
 * primary key until the first commits, then answers the stored result instead of a second request.
 */
export async function submitMemberRequest<R = CreatedRequest>(db: Db, draft: MemberRequestDraft, options: SubmitOptions<R> = {}): Promise<Submitted<R>> {
  const now = options.now ?? new Date();
  const requestId = crypto.randomUUID();
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const key = options.idempotencyKey;
    if (key) {
      const claimed = await tx
        .insert(requestSubmissions)
        .values({ memberId: draft.memberId, idempotencyKey: key, typeCode: draft.typeCode, requestId, createdAt: now })
        .onConflictDoNothing()
        .returning({ requestId: requestSubmissions.requestId });
      if (claimed.length === 0) {
        const [first] = await tx
          .select({ typeCode: requestSubmissions.typeCode, result: requestSubmissions.result })
          .from(requestSubmissions)
          .where(and(eq(requestSubmissions.memberId, draft.memberId), eq(requestSubmissions.idempotencyKey, key)));
        if (!first || first.typeCode !== draft.typeCode) throw new AppError('IDEMPOTENCY_KEY_REUSED');
        return { data: first.result as R, replayed: true };
      }
    }

    const [kind] = await tx.select({ type: requestTypes.type }).from(requestTypes).where(eq(requestTypes.typeCode, draft.typeCode));
    if (!kind) throw new Error(`Unknown request type code ${draft.typeCode}`);
    const statusKey = draft.statusKey ?? 'request_sent';
    const [group] = await tx.insert(requestGroups).values({ memberId: draft.memberId, createdAt: now, updatedAt: now }).returning({ id: requestGroups.id });
    await tx.insert(requests).values({
      id: requestId,
      groupId: group!.id,
      memberId: draft.memberId,
      beneficiaryId: draft.beneficiaryId ?? null,
      typeCode: draft.typeCode,
      title: draft.title,
      statusKey,
      read: true,
      createdAt: now,
      updatedAt: now,
    });
    const firstStep = timelineStepsOf(kind.type, draft.typeCode)[0] ?? 'received';
    await tx.insert(requestSteps).values({
      requestId,
      position: 0,
      step: firstStep,
      label: timelineStepLabel(kind.type, draft.typeCode, firstStep),
      linkInfoMessage: timelineStepLink(firstStep),
      occurredAt: now,
    });
    const files = draft.files ?? [];
    const words = draft.message?.trim() ?? '';
    const messageId = words || files.length > 0 ? await addMessage(tx, draft.memberId, requestId, 'member', words, files, now) : null;

    const created: CreatedRequest = { requestId, groupId: group!.id, messageId, statusKey };
    const data = options.details ? await options.details(tx, created) : (created as R);
    if (key) {
      await tx
        .update(requestSubmissions)
        .set({ result: data as object })
        .where(and(eq(requestSubmissions.memberId, draft.memberId), eq(requestSubmissions.idempotencyKey, key)));
    }
    return { data, replayed: false };
  });
}
