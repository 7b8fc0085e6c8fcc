import { randomUUID } from 'node:crypto';
import { CONSENT_COOKIE, CONSENT_VALIDITY_DAYS, ZConsentChoice, ZConsentStateResponse } from '@mutua/contracts/consent';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { tenantOf } from '../../plugins/tenant';
import type { AppServices } from '../../core/module';
import { currentConsent, isBackOfficeRequest, recordConsent } from './store';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The visitor id of the cookie, when it is one of ours (anything else is ignored). */
function visitorOf(request: FastifyRequest): string | null {
  const value = request.cookies[CONSENT_COOKIE];
  return value && UUID.test(value) ? value : null;
}

/** Cookie consent, public (the login page asks too): the current choice and recording a new one. */
export const consentRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock' | 'config'>> = async (app, { db, clock, config }) => {
  const setVisitor = (reply: FastifyReply, visitorId: string) =>
    reply.setCookie(CONSENT_COOKIE, visitorId, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: config.secureCookies,
      maxAge: (CONSENT_VALIDITY_DAYS + 31) * 86_400,
    });

  app.get('/', { config: { access: 'public' }, schema: { response: { 200: ZConsentStateResponse } } }, async (request) => {
    const backOffice = isBackOfficeRequest(request);
    const choice = backOffice ? null : await currentConsent(db, tenantOf(request).id, visitorOf(request), clock.now());
    return { data: { choice, backOffice } };
  });

  app.post('/', { config: { access: 'public' }, schema: { body: ZConsentChoice, response: { 200: ZConsentStateResponse } } }, async (request, reply) => {
    // A staff member looking at a member's space never consents in their name.
    if (isBackOfficeRequest(request)) throw new AppError('FORBIDDEN');
    const tenantId = tenantOf(request).id;
    const visitorId = visitorOf(request) ?? randomUUID();
    const now = clock.now();
    await recordConsent(db, { tenantId, visitorId, accountId: request.session?.accountId ?? null, choice: request.body, now });
    setVisitor(reply, visitorId);
    return { data: { choice: { analytics: request.body.analytics, decidedAt: now.toISOString() }, backOffice: false } };
  });
};
