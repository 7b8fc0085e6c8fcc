import {
  ZComplaintFields,
  ZComplaintIdParams,
  ZComplaintSentResponse,
  ZContactChannelsResponse,
  ZContactFields,
  ZContactSentResponse,
} from '@mutua/contracts/complaints';
import { ZContractsResponse, ZTerminationForm, ZTerminationIdParams, ZTerminationResponse } from '@mutua/contracts/termination';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptMultipart, readForm } from '../../http/multipart';
import { parisDate } from '../../lib/clock';
import { idempotencyKeyOf, sendSubmitted } from '../requests/public';
import { complaintCopy, contactChannels, fileComplaint, sendContactMessage } from './complaints';
import { loadContracts } from './contracts';
import { lifeRouteKit, sendMemberPdf, type LifeRouteServices } from './route-context';
import { confirmTermination, createTerminationDraft, findTermination, terminationAcknowledgement } from './terminations';
import { READ, WRITE_LIMITED } from '../../http/access-presets';

/**
 * Contracts, termination, complaints and contact:
 * GET /contracts; POST /terminations (draft), GET /terminations/:id, POST /terminations/:id/confirm,
 * GET /terminations/:id/acknowledgement.pdf; POST /complaints (multipart), GET /complaints/:id/copy.pdf;
 * GET /contact-messages/channels, POST /contact-messages (multipart).
 */
export const contractLifeRoutes: FastifyPluginAsyncZod<LifeRouteServices> = async (app, services) => {
  await acceptMultipart(app);
  const { deps, contextOf } = lifeRouteKit(services);

  app.get('/contracts', { config: READ, schema: { response: { 200: ZContractsResponse } } }, async (request) => {
    const ctx = contextOf(request);
    return { data: await loadContracts(services.db, ctx.tenant.id, ctx.memberId, parisDate(services.clock.now())) };
  });

  app.post('/terminations', { config: WRITE_LIMITED, schema: { body: ZTerminationForm, response: { 201: ZTerminationResponse } } }, async (request, reply) =>
    reply.status(201).send({ data: await createTerminationDraft(deps, contextOf(request), request.body) }),
  );

  app.get('/terminations/:id', { config: READ, schema: { params: ZTerminationIdParams, response: { 200: ZTerminationResponse } } }, async (request) => {
    const found = await findTermination(deps, contextOf(request), request.params.id);
    if (!found) return request.denyAccess('termination', request.params.id);
    return { data: found };
  });

  app.post(
    '/terminations/:id/confirm',
    { config: WRITE_LIMITED, schema: { params: ZTerminationIdParams, response: { 200: ZTerminationResponse } } },
    async (request) => {
      const confirmed = await confirmTermination(deps, contextOf(request), request.params.id);
      if (!confirmed) return request.denyAccess('termination', request.params.id);
      return { data: confirmed };
    },
  );

  app.get('/terminations/:id/acknowledgement.pdf', { config: READ, schema: { params: ZTerminationIdParams } }, async (request, reply) => {
    const file = await terminationAcknowledgement(deps, contextOf(request), request.params.id);
    if (!file) return request.denyAccess('termination', request.params.id);
    return sendMemberPdf(reply, file);
  });

  app.post('/complaints', { config: WRITE_LIMITED, schema: { response: { 201: ZComplaintSentResponse } } }, async (request, reply) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const form = await readForm(request, ZComplaintFields);
    return sendSubmitted(reply, await fileComplaint(deps, contextOf(request), form.fields, form.files, idempotencyKey));
  });

  app.get('/complaints/:id/copy.pdf', { config: READ, schema: { params: ZComplaintIdParams } }, async (request, reply) => {
    const file = await complaintCopy(deps, contextOf(request), request.params.id);
    if (!file) return request.denyAccess('complaint', request.params.id);
    return sendMemberPdf(reply, file);
  });

  app.get('/contact-messages/channels', { config: READ, schema: { response: { 200: ZContactChannelsResponse } } }, async (request) => ({
    data: await contactChannels(services.db, contextOf(request).tenant),
  }));

  app.post('/contact-messages', { config: WRITE_LIMITED, schema: { response: { 201: ZContactSentResponse } } }, async (request, reply) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const form = await readForm(request, ZContactFields);
    return sendSubmitted(reply, await sendContactMessage(deps, contextOf(request), form.fields, form.files, idempotencyKey));
  });
};
