import type { MessageDirection, RequestType, StatusKey, TimelineStep } from '@mutua/contracts/requests';
import { boolean, index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { beneficiaries, beneficiaryRef, memberRef } from './members';
import { ts, uuidPk } from './columns';

/** The server's request-types list: every type code with its type and code name (migration 0020 fills it). */
export const requestTypes = pgTable(
  'request_types',
  {
    typeCode: integer('type_code').primaryKey(),
    type: text('type').$type<RequestType>().notNull(),
    codeName: text('code_name').notNull(),
    label: text('label').notNull(),
  },
  (t) => [uniqueIndex('request_types_type_code_name_uq').on(t.type, t.codeName)],
);

/** Requests sent together; the dashboard lists the groups with the latest activity first. */
export const requestGroups = pgTable(
  'request_groups',
  {
    id: uuidPk(),
    memberId: memberRef(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('request_groups_member_updated_idx').on(t.memberId, t.updatedAt.desc(), t.id.desc())],
);

/** One request ("demande"): a bill, a supporting document, a document, a quote or a message thread. */
export const requests = pgTable(
  'requests',
  {
    id: uuidPk(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => requestGroups.id, { onDelete: 'cascade' }),
    /** Repeated from the group: access checks filter on the row itself. */
    memberId: memberRef(),
    beneficiaryId: uuid('beneficiary_id').references(() => beneficiaries.id, { onDelete: 'set null' }),
    typeCode: integer('type_code')
      .notNull()
      .references(() => requestTypes.typeCode),
    title: text('title').notNull(),
    statusKey: text('status_key').$type<StatusKey>().notNull(),
    /** False until the member opened it (POST /requests/message). */
    read: boolean('read').notNull().default(false),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('requests_member_updated_idx').on(t.memberId, t.updatedAt.desc()), index('requests_group_idx').on(t.groupId)],
);

/** The key of a request's details table: one row per request, deleted with it. */
export const requestKey = () =>
  uuid('request_id')
    .primaryKey()
    .references(() => requests.id, { onDelete: 'cascade' });

/** The first columns of a request's details about one covered person: the request, its member and the person. */
export const personRequestKeys = () => ({ requestId: requestKey(), memberId: memberRef(), beneficiaryId: beneficiaryRef() });

/** A row that belongs to a request, deleted with it. */
export const requestRef = () =>
  uuid('request_id')
    .notNull()
    .references(() => requests.id, { onDelete: 'cascade' });

/** The timeline (statusList) of a request: the steps reached, in order. */
export const requestSteps = pgTable(
  'request_steps',
  {
    id: uuidPk(),
    requestId: requestRef(),
    position: integer('position').notNull(),
    step: text('step').$type<TimelineStep>().notNull(),
    label: text('label').notNull(),
    labelCaption: text('label_caption'),
    infoMessage: text('info_message'),
    linkInfoMessage: text('link_info_message'),
    occurredAt: ts('occurred_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('request_steps_request_position_uq').on(t.requestId, t.position)],
);

/** The message thread of a request. */
export const requestMessages = pgTable(
  'request_messages',
  {
    id: uuidPk(),
    requestId: requestRef(),
    direction: text('direction').$type<MessageDirection>().notNull(),
    body: text('body').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    /** When the member read an insurer message; null when unread, and for the member's own messages. */
    readAt: ts('read_at'),
  },
  (t) => [index('request_messages_request_idx').on(t.requestId, t.createdAt)],
);

/** One row per idempotent member submission (the Idempotency-Key of a form): the first result, answered again to a retry. */
export const requestSubmissions = pgTable(
  'request_submissions',
  {
    memberId: memberRef(),
    idempotencyKey: text('idempotency_key').notNull(),
    typeCode: integer('type_code').notNull(),
    requestId: uuid('request_id').notNull(),
    result: jsonb('result'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.memberId, t.idempotencyKey] })],
);
