import { ZHealthcareActSearchQuery, ZHealthcareActSearchResponse } from '@mutua/contracts/healthcare';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tenantOf } from '../../plugins/tenant';
import type { AppServices } from '../../core/module';
import { searchActs } from './catalogue';

/** GET /api/healthcare/acts?q=: the tenant's acts matching the words typed (refund-request form). */
export const healthcareRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db'>> = async (app, { db }) => {
  app.get(
    '/acts',
    { config: { access: 'member' }, schema: { querystring: ZHealthcareActSearchQuery, response: { 200: ZHealthcareActSearchResponse } } },
    async (request) => ({ data: await searchActs(db, tenantOf(request).id, request.query.q) }),
  );
};
