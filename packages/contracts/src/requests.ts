import { z } from 'zod';
import {
  MEMBER_MESSAGE_KINDS,
  MESSAGE_BODY_MAX,
  MESSAGE_ERRORS,
  MESSAGE_OBJECT_MAX,
  MESSAGE_TEXT_PATTERN,
  REQUEST_TYPES,
  STATUS_KEYS,
  TIMELINE_STEPS,
  type TRequestTypeEntry,
} from './request-rules';

/*
 * Requests ("demandes") on the wire: the schemas of what the server answers and the member sends,
 * built on the rules of request-rules.ts (re-exported here, so both are imported from one place).
 */
export * from './request-rules';

export const ZRequestType = z.enum(REQUEST_TYPES);

/**
 * The server's request-types list ("document types"): every type code with its type and code name
 * (see defaultRequestTypes).
 */
export const ZRequestTypeEntry = z.object({
  typeCode: z.number().int(),
  type: ZRequestType,
  codeName: z.string().min(1),
  label: z.string().min(1),
}) satisfies z.ZodType<TRequestTypeEntry>;
export const ZStatusKey = z.enum(STATUS_KEYS);
export const ZBadgeTone = z.enum(['success', 'warning']);
export const ZTimelineStep = z.enum(TIMELINE_STEPS);

// ───────────────────────────── wire shapes ─────────────────────────────

const ZIsoDate = z.iso.date();
const ZIsoDateTime = z.iso.datetime({ offset: true });

/** A downloadable document of a step or a message: id for /requests/messages/file, display name, file name. */
export const ZRequestDocument = z.object({ id: z.uuid(), name: z.string(), nameFile: z.string() });
export type TRequestDocument = z.infer<typeof ZRequestDocument>;

/** One entry of statusList, as the spec names its fields. */
export const ZRequestStatusStep = z.object({
  id: z.uuid(),
  step: ZTimelineStep,
  label: z.string(),
  labelCaption: z.string().nullable(),
  infoMessage: z.string().nullable(),
  linkInfoMessage: z.string().nullable(),
  date: ZIsoDate,
  /** True on the request's latest step. */
  current: z.boolean(),
  documents: z.array(ZRequestDocument),
});
export type TRequestStatusStep = z.infer<typeof ZRequestStatusStep>;

export const MESSAGE_DIRECTIONS = ['member', 'insurer'] as const;
export const ZMessageDirection = z.enum(MESSAGE_DIRECTIONS);
export type MessageDirection = z.infer<typeof ZMessageDirection>;

export const ZRequestMessage = z.object({
  id: z.uuid(),
  direction: ZMessageDirection,
  body: z.string(),
  createdAt: ZIsoDateTime,
  readAt: ZIsoDateTime.nullable(),
  attachments: z.array(ZRequestDocument),
});
export type TRequestMessage = z.infer<typeof ZRequestMessage>;

export const ZRequestBeneficiary = z.object({ familyPosition: z.number().int(), firstName: z.string(), surName: z.string() });

export const ZRequest = z.object({
  id: z.uuid(),
  groupId: z.uuid(),
  typeCode: z.number().int(),
  type: ZRequestType,
  /** Code name of the kind within its type ('dental', 'rib', 'claim_request_refunds', …). */
  kind: z.string(),
  kindLabel: z.string(),
  title: z.string(),
  statusKey: ZStatusKey,
  statusLabel: z.string(),
  statusTone: ZBadgeTone,
  read: z.boolean(),
  isNew: z.boolean(),
  canReply: z.boolean(),
  beneficiary: ZRequestBeneficiary.nullable(),
  createdAt: ZIsoDateTime,
  updatedAt: ZIsoDateTime,
  statusList: z.array(ZRequestStatusStep),
  messages: z.array(ZRequestMessage),
});
export type TRequest = z.infer<typeof ZRequest>;

export const ZRequestGroup = z.object({ id: z.uuid(), createdAt: ZIsoDateTime, updatedAt: ZIsoDateTime, requests: z.array(ZRequest) });
export type TRequestGroup = z.infer<typeof ZRequestGroup>;

/** averageRequestResponseDelay of the global details: processing dates from the tenant's average delays. */
export const ZAverageRequestResponseDelay = z.object({
  prestationFuturDate: ZIsoDate,
  adhesionFuturDate: ZIsoDate,
  prestationPastDate: ZIsoDate,
  adhesionPastDate: ZIsoDate,
});
export type TAverageRequestResponseDelay = z.infer<typeof ZAverageRequestResponseDelay>;

function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * From the tenant's average delays in days: a request sent today should be answered by the "futur"
 * date; requests received up to the "past" date are being answered now.
 */
export function computeAverageRequestResponseDelay(days: { prestation: number; adhesion: number }, today: string): TAverageRequestResponseDelay {
  return {
    prestationFuturDate: addDays(today, days.prestation),
    adhesionFuturDate: addDays(today, days.adhesion),
    prestationPastDate: addDays(today, -days.prestation),
    adhesionPastDate: addDays(today, -days.adhesion),
  };
}

/** How many request groups the dashboard shows (the first 3 groups). */
export const LAST_REQUEST_GROUPS_SHOWN = 3;
/** How many events the recent timeline answers. */
export const TIMELINE_RECENT_SIZE = 10;

/** GET /api/all-info?actionKey=requests → data part of this area. */
export const ZRequestsInfo = z.object({
  allRequests: z.array(ZRequestGroup),
  lastRequests: z.array(ZRequestGroup),
  averageRequestResponseDelay: ZAverageRequestResponseDelay,
});
export type TRequestsInfo = z.infer<typeof ZRequestsInfo>;

/** One event of the recent timeline: a step reached or a message received, newest first. */
export const ZTimelineEvent = z.object({
  requestId: z.uuid(),
  groupId: z.uuid(),
  type: ZRequestType,
  typeCode: z.number().int(),
  title: z.string(),
  event: z.enum(['step', 'message']),
  label: z.string(),
  date: ZIsoDateTime,
  statusKey: ZStatusKey,
  statusLabel: z.string(),
  statusTone: ZBadgeTone,
  isNew: z.boolean(),
});
export type TTimelineEvent = z.infer<typeof ZTimelineEvent>;
export const ZTimelineRecentInfo = z.object({ timelineRecent: z.array(ZTimelineEvent) });

/** POST /api/requests/message?idMessage=<request id>: marks the request (and its insurer messages) read. */
export const ZMarkReadQuery = z.object({ idMessage: z.uuid() });
export const ZMarkReadResult = z.object({
  id: z.uuid(),
  statusKey: ZStatusKey,
  statusLabel: z.string(),
  statusTone: ZBadgeTone,
  read: z.boolean(),
  isNew: z.boolean(),
});
export type TMarkReadResult = z.infer<typeof ZMarkReadResult>;

/** GET /api/requests/messages/file?documentId=<uuid>. */
export const ZDocumentFileQuery = z.object({ documentId: z.uuid() });

// ───────────────────────────── writing ─────────────────────────────

const text = (empty: string, max: number, tooLong: string) =>
  z.string().trim().min(1, empty).max(max, tooLong).regex(MESSAGE_TEXT_PATTERN, MESSAGE_ERRORS.specialCharacters);

/** Fields of a new message (multipart form fields beside the attachments). */
export const ZNewMessage = z.object({
  object: text(MESSAGE_ERRORS.objectEmpty, MESSAGE_OBJECT_MAX, MESSAGE_ERRORS.objectMax),
  category: z.enum(MEMBER_MESSAGE_KINDS, { error: MESSAGE_ERRORS.category }),
  message: text(MESSAGE_ERRORS.bodyEmpty, MESSAGE_BODY_MAX, MESSAGE_ERRORS.bodyMax),
  /** The spec's fixed request value. */
  request: z.literal('DEMANDE').default('DEMANDE'),
});
export type TNewMessage = z.infer<typeof ZNewMessage>;

/** Fields of a reply to an existing request. */
export const ZReplyMessage = z.object({ message: text(MESSAGE_ERRORS.bodyEmpty, MESSAGE_BODY_MAX, MESSAGE_ERRORS.bodyMax) });
export type TReplyMessage = z.infer<typeof ZReplyMessage>;

/**
 * The « missing information » dialog (missing-information/{requestId}): the management centre asked for
 * additional parts (10005); the member answers with files, and a comment if they wish, once.
 */
export const MISSING_INFORMATION_TEXTS = {
  title: 'Informations manquantes',
  intro: 'Notre centre de gestion a besoin de pièces complémentaires pour traiter votre demande. Ajoutez-les ci-dessous.',
  comment: 'Commentaire (facultatif)',
  send: 'Envoyer mes pièces',
  sent: 'Merci\u00a0: vos pièces ont bien été envoyées. Notre centre de gestion les étudie.',
  open: 'Ajouter les pièces demandées',
  /** The thread's message when the member adds no comment. */
  defaultMessage: 'Voici les pièces complémentaires demandées.',
} as const;
export const ZMissingInformationAnswer = z.object({
  comment: z.string().trim().max(MESSAGE_BODY_MAX, MESSAGE_ERRORS.bodyMax).regex(MESSAGE_TEXT_PATTERN, MESSAGE_ERRORS.specialCharacters).default(''),
});

/** Answer of writing or replying: where the message went. */
export const ZMessageSent = z.object({ requestId: z.uuid(), groupId: z.uuid(), messageId: z.uuid(), statusKey: ZStatusKey });
export type TMessageSent = z.infer<typeof ZMessageSent>;

// ───────────────────────────── idempotent submissions ─────────────────────────────

// IDEMPOTENCY_HEADER and isIdempotencyKey live in platform.ts, beside the anti-forgery header: the web
// app's API client sends them, and importing them from here would pull this file's schemas (and zod)
// into every screen's first load.
