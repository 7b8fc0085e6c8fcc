import { ZContactChangeConfirmRequest, ZContactChangeConfirmResponse, ZContactChangeRequest, ZContactChangeResponse } from '@mutua/contracts/contact-change';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sessionOf } from '../../plugins/sessions';
import { type AuthDeps, requestContext } from '../auth/public';
import { confirmContactChange, requestContactChange } from './service';

const rateLimit = { max: 20, timeWindow: 60_000 } as const;

/** /api/contact-change: change the e-mail address or mobile number that receives codes (member writes only). */
export const contactChangeRoutes: FastifyPluginAsyncZod<AuthDeps> = async (app, deps) => {
  app.post(
    '/',
    { config: { access: 'member-write', rateLimit }, schema: { body: ZContactChangeRequest, response: { 202: ZContactChangeResponse } } },
    async (request, reply) => {
      const data = await requestContactChange(deps, requestContext(request, deps.publicUrl), sessionOf(request), request.body);
      return reply.status(202).send({ data });
    },
  );

  app.post(
    '/confirm',
    { config: { access: 'member-write', rateLimit }, schema: { body: ZContactChangeConfirmRequest, response: { 200: ZContactChangeConfirmResponse } } },
    async (request) => ({ data: await confirmContactChange(deps, requestContext(request, deps.publicUrl), sessionOf(request), request.body) }),
  );
};
