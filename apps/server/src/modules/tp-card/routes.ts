import { maskEmail } from '@mutua/contracts/auth';
import {
  ZPaperResendResponse,
  ZTpCardResponse,
  ZTpCardVerificationResponse,
  ZTpCardVerifyRequest,
  ZTpCardEmailRequest,
  ZTpCardEmailResponse,
} from '@mutua/contracts/tp-card';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/sessions';
import { requestContext } from '../auth/public';
import { idempotencyKeyOf, sendSubmitted } from '../requests/public';
import { requestContactChange } from '../contact-change/public';
import { lifeRouteKit, sendMemberPdf, type LifeRouteServices } from '../contract-life/public';
import { walletRoutes } from './wallet/routes';
import { askPaperResend, emailTpCard, loadTpCard, tpCardPdf, verifyTpCard } from './card';
import { READ, WRITE_LIMITED } from '../../http/access-presets';

/**
 * The third-party-payment card: GET /tp-card, GET /tp-card/card.pdf, POST /tp-card/paper-resend,
 * POST /tp-card/email, POST /tp-card/verify (the professional's QR check); the wallet pass and its
 * PassKit web service (wallet/routes.ts).
 */
export const tpCardRoutes: FastifyPluginAsyncZod<LifeRouteServices> = async (app, services) => {
  await walletRoutes(app, services);
  const { deps, contextOf } = lifeRouteKit(services);

  app.get('/tp-card', { config: READ, schema: { response: { 200: ZTpCardResponse } } }, async (request) => ({
    data: await loadTpCard(deps, contextOf(request), services.secret),
  }));

  app.get('/tp-card/card.pdf', { config: READ }, async (request, reply) => {
    const file = await tpCardPdf(deps, contextOf(request), services.secret);
    return sendMemberPdf(reply, file);
  });

  app.post('/tp-card/paper-resend', { config: WRITE_LIMITED, schema: { response: { 201: ZPaperResendResponse } } }, async (request, reply) => {
    const ctx = contextOf(request);
    const submitted = await askPaperResend(deps, ctx, services.secret, idempotencyKeyOf(request));
    if (!submitted.replayed)
      await services.audit.record({
        kind: 'TP_CARD_PAPER_RESEND',
        tenantId: ctx.tenant.id,
        memberId: ctx.memberId,
        ip: ctx.ip,
        details: { requestId: submitted.data.requestId },
      });
    return sendSubmitted(reply, submitted);
  });

  /**
   * The card PDF by e-mail to the address the member confirmed. Replacing the stored address goes
   * through the contact-change confirmation (a link to the new address), never overwritten here.
   */
  app.post(
    '/tp-card/email',
    {
      config: { access: 'member-write', rateLimit: { max: 5, timeWindow: 10 * 60_000 } },
      schema: { body: ZTpCardEmailRequest, response: { 200: ZTpCardEmailResponse } },
    },
    async (request) => {
      const ctx = contextOf(request);
      const { email, replaceStored, password } = request.body;
      const card = await loadTpCard(deps, ctx, services.secret);
      const changing = replaceStored && card.storedEmail?.toLowerCase() !== email.toLowerCase();
      const change = changing
        ? await requestContactChange(services, requestContext(request, services.publicUrl), sessionOf(request), {
            kind: 'email',
            value: email,
            ...(password ? { password } : {}),
          })
        : null;
      const sent = await emailTpCard(deps, ctx, services.secret, email);
      await services.audit.record({
        kind: 'TP_CARD_EMAILED',
        tenantId: ctx.tenant.id,
        memberId: ctx.memberId,
        ip: ctx.ip,
        details: { to: maskEmail(email), replaceStored: changing },
      });
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
    {
      config: { access: 'public', csrf: false, rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { body: ZTpCardVerifyRequest, response: { 200: ZTpCardVerificationResponse } },
    },
    async (request) => {
      const { tenant, ip } = requestContext(request, services.publicUrl);
      const verified = await verifyTpCard(deps, tenant, services.secret, request.body.payload);
      await services.audit.record({
        kind: 'TP_CARD_VERIFIED',
        tenantId: tenant.id,
        memberId: verified.memberId,
        ip,
        details: { insurerContract: verified.answer.insurerContract },
      });
      return { data: verified.answer };
    },
  );
};
