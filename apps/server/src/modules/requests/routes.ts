import multipart from '@fastify/multipart';
import {
  MESSAGE_ERRORS,
  MESSAGE_KIND_CODES,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_TOTAL_BYTES,
  ZDocumentFileQuery,
  ZMarkReadQuery,
  ZMarkReadResult,
  ZMessageSent,
  ZNewMessage,
  ZReplyMessage,
  ZRequestTypeEntry,
  canReplyToRequest,
  dataEnvelope,
} from '@mutua/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requestTypes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { isReadOnly } from '../../plugins/access';
import { sessionOf } from '../../plugins/sessions';
import type { AuditLog } from '../audit/audit-log';
import { findMemberFile } from '../documents/file-store';
import { inspectUpload, type InspectedUpload } from '../documents/upload-check';
import { attachmentDisposition, denyAccess, frenchValidation, parseOr400 } from './http';
import { addReply, createMessageRequest, findRequestForReply, markRequestRead, requestReadState } from './repository';

export type RequestsRoutesOptions = { db: Db; audit: AuditLog };

type Received = { fields: Record<string, string>; files: InspectedUpload[] };

/** Longest text field accepted in a multipart form (the message body is 4,000 characters, up to 4 bytes each). */
const FIELD_MAX_BYTES = 16_384;

/**
 * Reads a multipart form: text fields, and files checked by content (format by magic bytes, PDF not
 * encrypted), at most UPLOAD_MAX_FILES of UPLOAD_MAX_FILE_BYTES each and UPLOAD_MAX_TOTAL_BYTES together.
 */
async function readForm(request: FastifyRequest): Promise<Received> {
  const fields: Record<string, string> = {};
  const raw: { filename: string; content: Buffer }[] = [];
  let total = 0;
  try {
    const parts = request.parts({
      limits: { fileSize: UPLOAD_MAX_FILE_BYTES, files: UPLOAD_MAX_FILES, fields: 10, fieldSize: FIELD_MAX_BYTES, parts: UPLOAD_MAX_FILES + 10 },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        // A file input left empty sends a part without name or bytes: nothing was attached.
        if (!part.filename && content.length === 0) continue;
        total += content.length;
        if (total > UPLOAD_MAX_TOTAL_BYTES) throw new AppError('UPLOAD_TOTAL_TOO_LARGE');
        raw.push({ filename: part.filename, content });
      } else {
        if (part.valueTruncated) throw new AppError('VALIDATION_FAILED', MESSAGE_ERRORS.bodyMax);
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('UPLOAD_FILE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('UPLOAD_TOO_MANY_FILES');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION' || code === 'FST_MP_PREMATURE_CLOSE') {
      throw new AppError('VALIDATION_FAILED');
    }
    throw error;
  }
  const files: InspectedUpload[] = [];
  for (const file of raw) files.push(await inspectUpload(file.content, file.filename));
  return { fields, files };
}

/**
 * Writing stores files: at most 30 messages or replies a minute from one address (counted in
 * PostgreSQL, shared by instances). A read-only staff session is refused by the access level.
 */
const WRITE = { access: 'member-write', rateLimit: { max: 30, timeWindow: 60_000 } } as const;

/**
 * Requests and messages of the signed-in member (all behind a session):
 * POST /requests/message?idMessage= (mark read), GET /requests/messages/file?documentId= (download),
 * POST /requests/messages (new message, multipart), POST /requests/:requestId/messages (reply, multipart),
 * GET /requests/types (the request-types list).
 */
export const requestsRoutes: FastifyPluginAsyncZod<RequestsRoutesOptions> = async (app, opts) => {
  const { db, audit } = opts;
  // Limits are passed per call (readForm); registered here unless an outer scope already parses multipart.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);

  /** Marks a request read (the spec's idMessage is the request's id). Another member's id → 404 + audit. */
  app.post(
    '/message',
    { config: { access: 'member' }, attachValidation: true, preHandler: frenchValidation, schema: { querystring: ZMarkReadQuery, response: { 200: dataEnvelope(ZMarkReadResult) } } },
    async (request) => {
      const session = sessionOf(request);
      const { idMessage } = request.query;
      // `member`, not a write: a read-only (staff) session sees the state without changing what the member has read.
      const result = isReadOnly(session) ? await requestReadState(db, session.memberId, idMessage) : await markRequestRead(db, session.memberId, idMessage);
      if (!result) return denyAccess(db, audit, request, 'request', idMessage);
      return { data: result };
    },
  );

  /** The real file of a step document or an attachment, as an attachment download. */
  app.get('/messages/file', { config: { access: 'member' }, attachValidation: true, preHandler: frenchValidation, schema: { querystring: ZDocumentFileQuery } }, async (request, reply) => {
    const { documentId } = request.query;
    const file = await findMemberFile(db, sessionOf(request).memberId, documentId);
    if (!file) return denyAccess(db, audit, request, 'document', documentId);
    return reply
      .type(file.contentType)
      .header('content-disposition', attachmentDisposition(file.nameFile))
      .header('content-length', file.content.length)
      .send(file.content);
  });

  /** A new message: fields object, category (a member message kind), message, request=DEMANDE; files "attachments". */
  app.post('/messages', { config: WRITE, schema: { response: { 201: dataEnvelope(ZMessageSent) } } }, async (request, reply) => {
    const form = await readForm(request);
    const input = parseOr400(ZNewMessage, form.fields);
    const sent = await createMessageRequest(db, sessionOf(request).memberId, { typeCode: MESSAGE_KIND_CODES[input.category], title: input.object, body: input.message }, form.files);
    return reply.status(201).send({ data: sent });
  });

  /** A reply in a request's thread, under the reply rule (checked before the upload is read). */
  app.post(
    '/:requestId/messages',
    {
      config: WRITE,
      attachValidation: true,
      preHandler: frenchValidation,
      schema: { params: z.object({ requestId: z.uuid() }), response: { 201: dataEnvelope(ZMessageSent) } },
    },
    async (request, reply) => {
      const memberId = sessionOf(request).memberId;
      const target = await findRequestForReply(db, memberId, request.params.requestId);
      if (!target) return denyAccess(db, audit, request, 'request', request.params.requestId);
      if (!canReplyToRequest(target)) throw new AppError('REQUEST_REPLY_NOT_ALLOWED');
      const form = await readForm(request);
      const input = parseOr400(ZReplyMessage, form.fields);
      return reply.status(201).send({ data: await addReply(db, memberId, target, input.message, form.files) });
    },
  );

  /** The server's request-types list: codes of every kind by type and code name. */
  app.get('/types', { config: { access: 'member' }, schema: { response: { 200: dataEnvelope(z.array(ZRequestTypeEntry)) } } }, async () => ({
    data: await db.select().from(requestTypes).orderBy(requestTypes.typeCode),
  }));
};
