import { dataEnvelope } from '@mutua/contracts/api';
import { canReplyToRequest } from '@mutua/contracts/request-kinds';
import {
  MESSAGE_KIND_CODES,
  ZDocumentFileQuery,
  ZMarkReadQuery,
  ZMarkReadResult,
  ZMessageSent,
  ZNewMessage,
  ZReplyMessage,
  ZRequestTypeEntry,
} from '@mutua/contracts/requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestTypes } from '../../db/schema';
import { sendAttachment } from '../../http/attachment';
import { acceptMultipart, readForm } from '../../http/multipart';
import { AppError } from '../../lib/app-error';
import { isReadOnly } from '../../plugins/access';
import { sessionOf } from '../../plugins/sessions';
import { findMemberFile } from '../documents/public';
import type { AppServices } from '../../core/module';
import { addReply, findRequestForReply, markRequestRead, requestReadState } from './repository';
import { idempotencyKeyOf, sendSubmitted, submitMemberRequest } from './submit';
import { READ, WRITE_MESSAGES } from '../../http/access-presets';

/**
 * Requests and messages of the signed-in member:
 * POST /requests/message?idMessage= (mark read), GET /requests/messages/file?documentId= (download),
 * POST /requests/messages (new message, multipart), POST /requests/:requestId/messages (reply, multipart),
 * GET /requests/types (the request-types list).
 */
export const requestsRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db'>> = async (app, { db }) => {
  await acceptMultipart(app);

  /** Marks a request read (the spec's idMessage is the request's id). Another member's id → 404 + audit. */
  app.post('/message', { config: READ, schema: { querystring: ZMarkReadQuery, response: { 200: dataEnvelope(ZMarkReadResult) } } }, async (request) => {
    const session = sessionOf(request);
    const { idMessage } = request.query;
    // `member`, not a write: a read-only (staff) session sees the state without changing what the member has read.
    const result = isReadOnly(session) ? await requestReadState(db, session.memberId, idMessage) : await markRequestRead(db, session.memberId, idMessage);
    if (!result) return request.denyAccess('request', idMessage);
    return { data: result };
  });

  /** The real file of a step document or an attachment, as an attachment download. */
  app.get('/messages/file', { config: READ, schema: { querystring: ZDocumentFileQuery } }, async (request, reply) => {
    const { documentId } = request.query;
    const file = await findMemberFile(db, sessionOf(request).memberId, documentId);
    if (!file) return request.denyAccess('document', documentId);
    return sendAttachment(reply, file);
  });

  /** A new message: fields object, category (a member message kind), message, request=DEMANDE; files "attachments". */
  app.post('/messages', { config: WRITE_MESSAGES, schema: { response: { 201: dataEnvelope(ZMessageSent) } } }, async (request, reply) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const form = await readForm(request, ZNewMessage);
    const input = form.fields;
    const draft = {
      memberId: sessionOf(request).memberId,
      typeCode: MESSAGE_KIND_CODES[input.category],
      title: input.object,
      message: input.message,
      files: form.files,
    };
    return sendSubmitted(reply, await submitMemberRequest(db, draft, { idempotencyKey }));
  });

  /** A reply in a request's thread, under the reply rule (checked before the upload is read). */
  app.post(
    '/:requestId/messages',
    { config: WRITE_MESSAGES, schema: { params: z.object({ requestId: z.uuid() }), response: { 201: dataEnvelope(ZMessageSent) } } },
    async (request, reply) => {
      const memberId = sessionOf(request).memberId;
      const target = await findRequestForReply(db, memberId, request.params.requestId);
      if (!target) return request.denyAccess('request', request.params.requestId);
      if (!canReplyToRequest(target)) throw new AppError('REQUEST_REPLY_NOT_ALLOWED');
      const form = await readForm(request, ZReplyMessage);
      return reply.status(201).send({ data: await addReply(db, memberId, target, form.fields.message, form.files) });
    },
  );

  /** The server's request-types list: codes of every kind by type and code name. */
  app.get('/types', { config: READ, schema: { response: { 200: dataEnvelope(z.array(ZRequestTypeEntry)) } } }, async () => ({
    data: await db.select().from(requestTypes).orderBy(requestTypes.typeCode),
  }));
};
