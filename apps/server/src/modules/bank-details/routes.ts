import { dataEnvelope } from '@mutua/contracts/api';
import {
  ZBankDetailsChangeFields,
  ZBankDetailsChangeResult,
  ZBankDetailsResponse,
  ZMandateSigned,
  ZSignMandateRequest,
  ZSignatureCodeSent,
} from '@mutua/contracts/bank-details';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../http/attachment';
import { acceptMultipart, readForm } from '../../http/multipart';
import { sessionOf } from '../../plugins/sessions';
import { requestContext } from '../auth/public';
import type { AppServices } from '../../core/module';
import { idempotencyKeyOf } from '../requests/public';
import { loadBankDetails } from './accounts';
import { changeOf, createChange } from './change-request';
import { handleProviderCallback, sendSignatureCode, signWithCode, signedMandateOf, type BankDeps } from './mandate';
import { READ, WRITE_LIMITED } from '../../http/access-presets';

const ChangeParams = z.object({ id: z.uuid() });

/**
 * /api/bank-details: the accounts in force, a change (refund: a request; contribution: a SEPA mandate),
 * the mandate shown before signing, the SMS code, the signature, and a partner's callback.
 */
export const bankDetailsRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  await acceptMultipart(app);
  const deps: BankDeps = services;
  const ctxOf = (request: Parameters<typeof requestContext>[0]) => requestContext(request, services.publicUrl);

  app.get('/', { config: READ, schema: { response: { 200: ZBankDetailsResponse } } }, async (request) => ({
    data: await loadBankDetails(services.db, sessionOf(request).memberId),
  }));

  /** Multipart: target, familyPosition, holder, iban, bic?; the bank details document as "attachments". */
  app.post('/changes', { config: WRITE_LIMITED, schema: { response: { 201: dataEnvelope(ZBankDetailsChangeResult) } } }, async (request, reply) => {
    const key = idempotencyKeyOf(request);
    const form = await readForm(request, ZBankDetailsChangeFields);
    const data = await createChange(deps, ctxOf(request), sessionOf(request), form.fields, form.files, key);
    return reply.status(201).send({ data });
  });

  /** The mandate as shown before signing (the exact bytes whose SHA-256 the evidence file keeps). */
  app.get('/changes/:id/mandate.pdf', { config: READ, schema: { params: ChangeParams } }, async (request, reply) => {
    const change = await changeOf(services.db, sessionOf(request).memberId, request.params.id);
    if (!change?.mandatePdf) return request.denyAccess('bank-details-change', request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentDisposition(`mandat-sepa-${change.rum}-a-signer.pdf`))
      .header('cache-control', 'no-store')
      .send(change.mandatePdf);
  });

  app.post(
    '/changes/:id/code',
    { config: WRITE_LIMITED, schema: { params: ChangeParams, response: { 200: dataEnvelope(ZSignatureCodeSent) } } },
    async (request) => {
      const session = sessionOf(request);
      const change = await changeOf(services.db, session.memberId, request.params.id);
      if (!change) return request.denyAccess('bank-details-change', request.params.id);
      return { data: await sendSignatureCode(deps, ctxOf(request), session, change) };
    },
  );

  app.post(
    '/changes/:id/sign',
    { config: WRITE_LIMITED, schema: { params: ChangeParams, body: ZSignMandateRequest, response: { 201: dataEnvelope(ZMandateSigned) } } },
    async (request, reply) => {
      const session = sessionOf(request);
      const change = await changeOf(services.db, session.memberId, request.params.id);
      if (!change) return request.denyAccess('bank-details-change', request.params.id);
      return reply.status(201).send({ data: await signWithCode(deps, ctxOf(request), session, change, request.body) });
    },
  );

  /** A signature partner's notice, authenticated by its own signature (no session, no anti-forgery cookie). */
  app.post(
    '/signature-callback/:provider',
    {
      config: { access: 'public', csrf: false, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { params: z.object({ provider: z.string().regex(/^[a-z0-9-]{2,40}$/) }), body: z.record(z.string(), z.unknown()) },
    },
    async (request) => ({ data: await handleProviderCallback(deps, ctxOf(request).tenant.id, request.params.provider, request.body, request.ip) }),
  );
};

/** /api/mandates/{id}/signed.pdf: the signed, sealed mandate. */
export const mandatesRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  app.get('/:id/signed.pdf', { config: READ, schema: { params: ChangeParams } }, async (request, reply) => {
    const mandate = await signedMandateOf(db, sessionOf(request).memberId, request.params.id);
    if (!mandate) return request.denyAccess('mandate', request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentDisposition(`mandat-sepa-${mandate.rum}-signe.pdf`))
      .header('cache-control', 'no-store')
      .send(mandate.pdf);
  });
};
