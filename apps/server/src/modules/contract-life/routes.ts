import {
  ZComplaintFields,
  ZComplaintIdParams,
  ZComplaintSentResponse,
  ZContactChannelsResponse,
  ZContactFields,
  ZContactSentResponse,
  ZContractsResponse,
  ZTerminationForm,
  ZTerminationIdParams,
  ZTerminationResponse,
  ZPaperResendResponse,
  ZTpCardResponse,
  ZTpCardVerificationResponse,
  ZTpCardVerifyRequest,
  ZTpCardEmailRequest,
  ZTpCardEmailResponse,
  maskEmail,
} from '@mutua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { attachmentDisposition } from '../../http/attachment';
import { acceptMultipart, readForm } from '../../http/multipart';
import { parisDate } from '../../lib/clock';
import { sessionOf } from '../../plugins/sessions';
import { requestContext } from '../auth/public';
import type { AppServices } from '../../core/module';
import { idempotencyKeyOf, sendSubmitted } from '../requests/public';
import { complaintCopy, contactChannels, fileComplaint, sendContactMessage } from './complaints';
import { loadContracts } from './contracts';
import { requestContactChange } from '../contact-change/public';
import { walletRoutes } from './wallet/routes';
import { askPaperResend, emailTpCard, loadTpCard, tpCardPdf, verifyTpCard } from './tp-card';
import { confirmTermination, createTerminationDraft, findTermination, terminationAcknowledgement, type LifeContext, type LifeDeps } from './terminations';
import { READ, WRITE_LIMITED } from '../../http/access-presets';

/**
 * Contracts, termination, complaints and contact:
 * GET /contracts; POST /terminations (draft), GET /terminations/:id, POST /terminations/:id/confirm,
 * GET /terminations/:id/acknowledgement.pdf; POST /complaints (multipart), GET /complaints/:id/copy.pdf;
 * GET /contact-messages/channels, POST /contact-messages (multipart).
 */
export const contractLifeRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock' | 'audit' | 'notifier' | 'publicUrl' | 'secret' | 'jobs' | 'counters' | 'sessions' | 'log' | 'config'>> = async (app, services) => {
  await acceptMultipart(app);
  await walletRoutes(app, services);
  const deps: LifeDeps = { db: services.db, clock: services.clock, audit: services.audit, notifier: services.notifier };
  const contextOf = (request: FastifyRequest): LifeContext => {
    const rc = requestContext(request, services.publicUrl);
    return { tenant: rc.tenant, memberId: sessionOf(request).memberId, ip: rc.ip, brand: rc.brand, origin: rc.origin };
  };
  const pdf = (reply: import('fastify').FastifyReply, file: { pdf: Buffer; fileName: string }) =>
    reply.type('application/pdf').header('content-disposition', attachmentDisposition(file.fileName)).header('cache-control', 'no-store').send(file.pdf);

  app.get('/tp-card', { config: READ, schema: { response: { 200: ZTpCardResponse } } }, async (request) => ({
    data: await loadTpCard(deps, contextOf(request), services.secret),
  }));

  app.get('/tp-card/card.pdf', { config: READ }, async (request, reply) => pdf(reply, await tpCardPdf(deps, contextOf(request), services.secret)));

  app.post('/tp-card/paper-resend', { config: WRITE_LIMITED, schema: { response: { 201: ZPaperResendResponse } } }, async (request, reply) => {
    const ctx = contextOf(request);
    const submitted = await askPaperResend(deps, ctx, services.secret, idempotencyKeyOf(request));
    if (!submitted.replayed) await services.audit.record({ kind: 'TP_CARD_PAPER_RESEND', tenantId: ctx.tenant.id, memberId: ctx.memberId, ip: ctx.ip, details: { requestId: submitted.data.requestId } });
    return sendSubmitted(reply, submitted);
  });

  /**
   * The card PDF by e-mail to the address the member confirmed. Replacing the stored address goes
   * through the contact-change confirmation (a link to the new address), never overwritten here.
   */
  app.post(
    '/tp-card/email',
    { config: { access: 'member-write', rateLimit: { max: 5, timeWindow: 10 * 60_000 } }, schema: { body: ZTpCardEmailRequest, response: { 200: ZTpCardEmailResponse } } },
    async (request) => {
      const ctx = contextOf(request);
      const { email, replaceStored, password } = request.body;
      const card = await loadTpCard(deps, ctx, services.secret);
      const changing = replaceStored && card.storedEmail?.toLowerCase() !== email.toLowerCase();
      const change = changing
        ? await requestContactChange(services, requestContext(request, services.publicUrl), sessionOf(request), { kind: 'email', value: email, ...(password ? { password } : {}) })
        : null;
      const sent = await emailTpCard(deps, ctx, services.secret, email);
      await services.audit.record({ kind: 'TP_CARD_EMAILED', tenantId: ctx.tenant.id, memberId: ctx.memberId, ip: ctx.ip, details: { to: maskEmail(email), replaceStored: changing } });
      return { data: { sentTo: sent.sentTo, contactChange: change ? { destination: change.destination, expiresAt: change.expiresAt } : null } };
    },
  );

  /**
   * The health professional's software checks a scanned QR payload (public: the professional has no
   * member session). Only a payload sealed for this host's tenant, of a card still valid, opens; the
   * answer is what the professional needs for third-party payment. No anti-forgery check: a machine's
   * call without cookies, and no session's authority is used (the sealed payload is the credential).
   */
  app.post(
    '/tp-card/verify',
    { config: { access: 'public', csrf: false, rateLimit: { max: 30, timeWindow: 60_000 } }, schema: { body: ZTpCardVerifyRequest, response: { 200: ZTpCardVerificationResponse } } },
    async (request) => {
      const { tenant, ip } = requestContext(request, services.publicUrl);
      const verified = await verifyTpCard(deps, tenant, services.secret, request.body.payload);
      await services.audit.record({ kind: 'TP_CARD_VERIFIED', tenantId: tenant.id, memberId: verified.memberId, ip, details: { insurerContract: verified.answer.insurerContract } });
      return { data: verified.answer };
    },
  );

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

  app.post('/terminations/:id/confirm', { config: WRITE_LIMITED, schema: { params: ZTerminationIdParams, response: { 200: ZTerminationResponse } } }, async (request) => {
    const confirmed = await confirmTermination(deps, contextOf(request), request.params.id);
    if (!confirmed) return request.denyAccess('termination', request.params.id);
    return { data: confirmed };
  });

  app.get('/terminations/:id/acknowledgement.pdf', { config: READ, schema: { params: ZTerminationIdParams } }, async (request, reply) => {
    const file = await terminationAcknowledgement(deps, contextOf(request), request.params.id);
    if (!file) return request.denyAccess('termination', request.params.id);
    return pdf(reply, file);
  });

  app.post('/complaints', { config: WRITE_LIMITED, schema: { response: { 201: ZComplaintSentResponse } } }, async (request, reply) => {
    const idempotencyKey = idempotencyKeyOf(request);
    const form = await readForm(request, ZComplaintFields);
    return sendSubmitted(reply, await fileComplaint(deps, contextOf(request), form.fields, form.files, idempotencyKey));
  });

  app.get('/complaints/:id/copy.pdf', { config: READ, schema: { params: ZComplaintIdParams } }, async (request, reply) => {
    const file = await complaintCopy(deps, contextOf(request), request.params.id);
    if (!file) return request.denyAccess('complaint', request.params.id);
    return pdf(reply, file);
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
