import { canReplyToRequest, statusBadgeLabel, timelineStepLabel } from '@mutua/contracts/request-kinds';
import {
  LAST_REQUEST_GROUPS_SHOWN,
  TIMELINE_RECENT_SIZE,
  badgeTone,
  isRequestNew,
  timelineStepLink,
  type MessageDirection,
  type RequestType,
  type StatusKey,
  type TMarkReadResult,
  type TRequest,
  type TRequestDocument,
  type TRequestGroup,
  type TTimelineEvent,
} from '@mutua/contracts/requests';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { beneficiaries, requestGroups, requestMessages, requestSteps, requestTypes, requests, storedFiles } from '../../db/schema';
import { storeFile } from '../documents/public';
import type { InspectedUpload } from '../../http/upload-check';

/*
 * Requests, timelines and message threads of one member. Every function takes the member's id and
 * never reads or writes another member's rows: a miss answers null, and the caller answers 404.
 */

const iso = (d: Date) => d.toISOString();

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}

type RequestRow = {
  id: string;
  groupId: string;
  typeCode: number;
  type: RequestType;
  kind: string;
  kindLabel: string;
  title: string;
  statusKey: StatusKey;
  read: boolean;
  createdAt: Date;
  updatedAt: Date;
  familyPosition: number | null;
  firstName: string | null;
  surName: string | null;
};

/** Badge, tone, new flag and reply rule of a request, from contracts. */
function derived(row: Pick<RequestRow, 'type' | 'typeCode' | 'statusKey' | 'read' | 'title'>) {
  const statusLabel = statusBadgeLabel(row);
  return {
    statusLabel,
    statusTone: badgeTone(statusLabel) ?? 'warning',
    isNew: isRequestNew(row),
    canReply: canReplyToRequest(row),
  };
}

type StepRow = {
  id: string;
  requestId: string;
  step: TRequest['statusList'][number]['step'];
  label: string;
  labelCaption: string | null;
  infoMessage: string | null;
  linkInfoMessage: string | null;
  occurredAt: Date;
};
type MessageRow = { id: string; requestId: string; direction: MessageDirection; body: string; createdAt: Date; readAt: Date | null };
type FileRow = { id: string; name: string; nameFile: string; stepId: string | null; messageId: string | null };
type Json<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] extends Date | null ? string | null : T[K] };

const date = (value: string) => new Date(value);
const dateOrNull = (value: string | null) => (value === null ? null : new Date(value));

/**
 * The rows of listRequestGroups in ONE statement (one round trip instead of five): groups, requests,
 * steps, messages and files of the member, each a JSON array in the order the separate queries had.
 */
async function requestGroupRows(db: Db, memberId: string) {
  const result = (await db.execute(sql`select
    coalesce((select json_agg(json_build_object('id', g.id, 'createdAt', g.created_at, 'updatedAt', g.updated_at) order by g.updated_at desc, g.id desc)
       from ${requestGroups} g where g.member_id = ${memberId}), '[]') as "groups",
    coalesce((select json_agg(json_build_object('id', r.id, 'groupId', r.group_id, 'typeCode', r.type_code, 'type', t.type, 'kind', t.code_name,
            'kindLabel', t.label, 'title', r.title, 'statusKey', r.status_key, 'read', r.read, 'createdAt', r.created_at, 'updatedAt', r.updated_at,
            'familyPosition', b.family_position, 'firstName', b.first_name, 'surName', b.sur_name) order by r.created_at, r.id)
       from ${requests} r join ${requestTypes} t on t.type_code = r.type_code left join ${beneficiaries} b on b.id = r.beneficiary_id
       where r.member_id = ${memberId}), '[]') as "rows",
    coalesce((select json_agg(json_build_object('id', s.id, 'requestId', s.request_id, 'step', s.step, 'label', s.label, 'labelCaption', s.label_caption,
            'infoMessage', s.info_message, 'linkInfoMessage', s.link_info_message, 'occurredAt', s.occurred_at) order by s.request_id, s.position)
       from ${requestSteps} s join ${requests} r on r.id = s.request_id where r.member_id = ${memberId}), '[]') as "steps",
    coalesce((select json_agg(json_build_object('id', m.id, 'requestId', m.request_id, 'direction', m.direction, 'body', m.body,
            'createdAt', m.created_at, 'readAt', m.read_at) order by m.created_at, m.id)
       from ${requestMessages} m join ${requests} r on r.id = m.request_id where r.member_id = ${memberId}), '[]') as "messages",
    coalesce((select json_agg(json_build_object('id', f.id, 'name', f.name, 'nameFile', f.name_file, 'stepId', f.step_id, 'messageId', f.message_id)
            order by f.created_at, f.id)
       from ${storedFiles} f where f.member_id = ${memberId} and (f.step_id is not null or f.message_id is not null)), '[]') as "files"`)) as unknown as {
    rows: {
      groups: Json<{ id: string; createdAt: Date; updatedAt: Date }>[];
      rows: Json<RequestRow>[];
      steps: Json<StepRow>[];
      messages: Json<MessageRow>[];
      files: FileRow[];
    }[];
  };
  const row = result.rows[0]!;
  return {
    groups: row.groups.map((g) => ({ ...g, createdAt: date(g.createdAt), updatedAt: date(g.updatedAt) })),
    rows: row.rows.map((r): RequestRow => ({ ...r, createdAt: date(r.createdAt), updatedAt: date(r.updatedAt) })),
    steps: row.steps.map((s): StepRow => ({ ...s, occurredAt: date(s.occurredAt) })),
    messages: row.messages.map((m): MessageRow => ({ ...m, createdAt: date(m.createdAt), readAt: dateOrNull(m.readAt) })),
    files: row.files,
  };
}

/** All request groups of a member, latest activity first, each request with its timeline and thread. */
export async function listRequestGroups(db: Db, memberId: string): Promise<TRequestGroup[]> {
  const { groups, rows, steps, messages, files } = await requestGroupRows(db, memberId);

  const docsOf = new Map<string, TRequestDocument[]>();
  for (const f of files) {
    const key = f.stepId ?? f.messageId!;
    const list = docsOf.get(key) ?? [];
    list.push({ id: f.id, name: f.name, nameFile: f.nameFile });
    docsOf.set(key, list);
  }
  const stepsOf = groupBy(steps, (s) => s.requestId);
  const messagesOf = groupBy(messages, (m) => m.requestId);

  const requestsOf = new Map<string, TRequest[]>();
  for (const row of rows) {
    const rowSteps = stepsOf.get(row.id) ?? [];
    const request: TRequest = {
      id: row.id,
      groupId: row.groupId,
      typeCode: row.typeCode,
      type: row.type,
      kind: row.kind,
      kindLabel: row.kindLabel,
      title: row.title,
      statusKey: row.statusKey,
      read: row.read,
      ...derived(row),
      beneficiary: row.familyPosition === null ? null : { familyPosition: row.familyPosition, firstName: row.firstName!, surName: row.surName! },
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      statusList: rowSteps.map((s, i) => ({
        id: s.id,
        step: s.step,
        label: s.label,
        labelCaption: s.labelCaption,
        infoMessage: s.infoMessage,
        linkInfoMessage: s.linkInfoMessage,
        date: iso(s.occurredAt).slice(0, 10),
        current: i === rowSteps.length - 1,
        documents: docsOf.get(s.id) ?? [],
      })),
      messages: (messagesOf.get(row.id) ?? []).map((m) => ({
        id: m.id,
        direction: m.direction,
        body: m.body,
        createdAt: iso(m.createdAt),
        readAt: m.readAt ? iso(m.readAt) : null,
        attachments: docsOf.get(m.id) ?? [],
      })),
    };
    const list = requestsOf.get(row.groupId) ?? [];
    list.push(request);
    requestsOf.set(row.groupId, list);
  }
  return groups
    .map((g) => ({ id: g.id, createdAt: iso(g.createdAt), updatedAt: iso(g.updatedAt), requests: requestsOf.get(g.id) ?? [] }))
    .filter((g) => g.requests.length > 0);
}

/** The dashboard's latest requests: the first groups of the full list. */
export function lastRequestGroups(all: TRequestGroup[]): TRequestGroup[] {
  return all.slice(0, LAST_REQUEST_GROUPS_SHOWN);
}

/** Steps reached and insurer messages received across the member's requests, newest first. */
export async function listTimelineRecent(db: Db, memberId: string, size = TIMELINE_RECENT_SIZE): Promise<TTimelineEvent[]> {
  // One statement (one round trip instead of two): the latest steps and the latest insurer messages.
  type EventRow = {
    requestId: string;
    groupId: string;
    type: RequestType;
    typeCode: number;
    title: string;
    statusKey: StatusKey;
    read: boolean;
    label: string;
    id: string;
  };
  const result = (await db.execute(sql`select
    coalesce((select json_agg(e) from (select r.id as "requestId", r.group_id as "groupId", t.type, r.type_code as "typeCode", r.title,
            r.status_key as "statusKey", r.read, s.label, s.occurred_at as "at", s.id
          from ${requestSteps} s join ${requests} r on r.id = s.request_id join ${requestTypes} t on t.type_code = r.type_code
          where r.member_id = ${memberId} order by s.occurred_at desc, s.id desc limit ${size}) e), '[]') as "steps",
    coalesce((select json_agg(e) from (select r.id as "requestId", r.group_id as "groupId", t.type, r.type_code as "typeCode", r.title,
            r.status_key as "statusKey", r.read, 'Nouveau message de nos équipes' as label, m.created_at as "at", m.id
          from ${requestMessages} m join ${requests} r on r.id = m.request_id join ${requestTypes} t on t.type_code = r.type_code
          where r.member_id = ${memberId} and m.direction = 'insurer' order by m.created_at desc, m.id desc limit ${size}) e), '[]') as "messages"`)) as unknown as {
    rows: { steps: (EventRow & { at: string })[]; messages: (EventRow & { at: string })[] }[];
  };
  const withDate = (e: EventRow & { at: string }) => ({ ...e, at: new Date(e.at) });
  const steps = result.rows[0]!.steps.map(withDate);
  const messages = result.rows[0]!.messages.map(withDate);
  return [...steps.map((s) => ({ ...s, event: 'step' as const })), ...messages.map((m) => ({ ...m, event: 'message' as const }))]
    .sort((a, b) => b.at.getTime() - a.at.getTime() || b.id.localeCompare(a.id))
    .slice(0, size)
    .map((e) => {
      const { statusLabel, statusTone, isNew } = derived(e);
      return {
        requestId: e.requestId,
        groupId: e.groupId,
        type: e.type,
        typeCode: e.typeCode,
        title: e.title,
        event: e.event,
        label: e.label,
        date: iso(e.at),
        statusKey: e.statusKey,
        statusLabel,
        statusTone,
        isNew,
      };
    });
}

/**
 * Marks a request read (the member opened it): read flag set, an 'unread' status becomes 'read', its
 * insurer messages get their read time. Idempotent. Null when the request is not the member's.
 */
export async function markRequestRead(db: Db, memberId: string, requestId: string, now = new Date()): Promise<TMarkReadResult | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(requests)
      .set({ read: true, statusKey: sql`case when ${requests.statusKey} = 'unread' then 'read' else ${requests.statusKey} end` })
      .where(and(eq(requests.id, requestId), eq(requests.memberId, memberId)))
      .returning({ id: requests.id, typeCode: requests.typeCode, statusKey: requests.statusKey, read: requests.read, title: requests.title });
    if (!row) return null;
    await tx
      .update(requestMessages)
      .set({ readAt: now })
      .where(and(eq(requestMessages.requestId, requestId), eq(requestMessages.direction, 'insurer'), isNull(requestMessages.readAt)));
    const [type] = await tx.select({ type: requestTypes.type }).from(requestTypes).where(eq(requestTypes.typeCode, row.typeCode));
    const { statusLabel, statusTone, isNew } = derived({ ...row, type: type!.type });
    return { id: row.id, statusKey: row.statusKey, statusLabel, statusTone, read: row.read, isNew };
  });
}

/** The member's own request with its type, or null (another member's is not found). */
async function findOwnRequest(db: Db, memberId: string, requestId: string) {
  const [row] = await db
    .select({
      id: requests.id,
      groupId: requests.groupId,
      type: requestTypes.type,
      typeCode: requests.typeCode,
      statusKey: requests.statusKey,
      read: requests.read,
      title: requests.title,
    })
    .from(requests)
    .innerJoin(requestTypes, eq(requestTypes.typeCode, requests.typeCode))
    .where(and(eq(requests.id, requestId), eq(requests.memberId, memberId)));
  return row ?? null;
}

/** The read state mark-read would answer, without writing anything (read-only sessions). */
export async function requestReadState(db: Db, memberId: string, requestId: string): Promise<TMarkReadResult | null> {
  const row = await findOwnRequest(db, memberId, requestId);
  if (!row) return null;
  const { statusLabel, statusTone, isNew } = derived(row);
  return { id: row.id, statusKey: row.statusKey, statusLabel, statusTone, read: row.read, isNew };
}

export type ReplyTarget = { id: string; groupId: string; type: RequestType; typeCode: number; statusKey: StatusKey; title: string };

/** The member's request as the reply rule needs it, or null. */
export async function findRequestForReply(db: Db, memberId: string, requestId: string): Promise<ReplyTarget | null> {
  return findOwnRequest(db, memberId, requestId);
}

export async function addMessage(
  tx: Db,
  memberId: string,
  requestId: string,
  direction: MessageDirection,
  body: string,
  files: readonly InspectedUpload[],
  at: Date,
) {
  const [message] = await tx.insert(requestMessages).values({ requestId, direction, body, createdAt: at }).returning({ id: requestMessages.id });
  for (const [i, file] of files.entries()) {
    await storeFile(tx, {
      memberId,
      origin: direction,
      requestId,
      messageId: message!.id,
      name: file.name,
      nameFile: file.name,
      contentType: file.contentType,
      content: file.content,
      createdAt: new Date(at.getTime() + i),
    });
  }
  return message!.id;
}

/**
 * A reply of the member in a request's thread (the caller has applied the reply rule): the message
 * and its attachments, the request back under study with a "study" step, the group moved to the top.
 */
export async function addReply(db: Db, memberId: string, target: ReplyTarget, body: string, files: readonly InspectedUpload[], now = new Date()) {
  return db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    const messageId = await addMessage(tx, memberId, target.id, 'member', body, files, now);
    const [last] = await tx
      .select({ step: requestSteps.step, position: requestSteps.position })
      .from(requestSteps)
      .where(eq(requestSteps.requestId, target.id))
      .orderBy(desc(requestSteps.position))
      .limit(1);
    if (last?.step !== 'study') {
      await tx.insert(requestSteps).values({
        requestId: target.id,
        position: (last?.position ?? -1) + 1,
        step: 'study',
        label: timelineStepLabel(target.type, target.typeCode, 'study'),
        linkInfoMessage: timelineStepLink('study'),
        occurredAt: now,
      });
    }
    await tx
      .update(requests)
      .set({ statusKey: 'study', read: true, updatedAt: now })
      .where(and(eq(requests.id, target.id), eq(requests.memberId, memberId)));
    await tx
      .update(requestGroups)
      .set({ updatedAt: now })
      .where(and(eq(requestGroups.id, target.groupId), eq(requestGroups.memberId, memberId)));
    return { requestId: target.id, groupId: target.groupId, messageId, statusKey: 'study' as const };
  });
}
