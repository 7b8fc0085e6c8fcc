import { dataEnvelope } from '@mutua/contracts/api';
import { MESSAGE_KIND_CODES, MISSING_INFORMATION_TEXTS, ZMessageSent, ZMissingInformationAnswer } from '@mutua/contracts/requests';
import { and, eq, notInArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { requests } from '../../db/schema';
import { acceptMultipart, readForm } from '../../http/multipart';
import { AppError } from '../../lib/app-error';
import { sessionOf } from '../../plugins/sessions';
import type { AppServices } from '../../core/module';
import { addReply, findRequestForReply } from './repository';

/**
 * POST /api/requests/{requestId}/missing-information (multipart: comment, files "attachments"): the
 * member's answer to the management centre's request for additional parts (10005), from the « missing
 * information » dialog. At least one file; once — the request moves to « Étude de votre réponse » in
 * the same transaction, after a conditional update that a second sending (a double click, a retry) no
 * longer passes.
 */
export const missingInformationRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db'>> = async (app, { db }) => {
  await acceptMultipart(app);
  app.post(
    '/:requestId/missing-information',
    {
      config: { access: 'member-write', rateLimit: { max: 20, timeWindow: 60_000 } },
      schema: { params: z.object({ requestId: z.uuid() }), response: { 201: dataEnvelope(ZMessageSent) } },
    },
    async (request, reply) => {
      const memberId = sessionOf(request).memberId;
      const target = await findRequestForReply(db, memberId, request.params.requestId);
      if (!target) return request.denyAccess('request', request.params.requestId);
      if (target.typeCode !== MESSAGE_KIND_CODES.request_additional_parts) throw new AppError('MISSING_INFORMATION_NOT_AWAITED');
      const form = await readForm(request, ZMissingInformationAnswer);
      if (form.files.length === 0) throw new AppError('MISSING_INFORMATION_FILES_REQUIRED');
      const sent = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        // Locks the request and checks it still waits for the parts: a parallel sending waits here, then finds it under study.
        const [waiting] = await tx
          .update(requests)
          .set({ updatedAt: new Date() })
          .where(and(eq(requests.id, target.id), eq(requests.memberId, memberId), notInArray(requests.statusKey, ['study', 'done'])))
          .returning({ id: requests.id });
        if (!waiting) throw new AppError('MISSING_INFORMATION_NOT_AWAITED');
        return addReply(tx, memberId, target, form.fields.comment || MISSING_INFORMATION_TEXTS.defaultMessage, form.files);
      });
      return reply.status(201).send({ data: sent });
    },
  );
};
