import { ZCareNetworksResponse, ZCareSearchQuery, ZCareSearchResponse } from '@mutua/contracts/care-network';
import { isFeatureEnabled } from '@mutua/contracts/features';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../lib/app-error';
import { tenantOf } from '../../plugins/tenant';
import type { AppServices } from '../../core/module';
import { listCareNetworks, searchCareNetwork } from './queries';

/** Services is the MY_SERVICES feature: switched off, its calls are refused as its page is. */
function servicesTenant(request: FastifyRequest) {
  const tenant = tenantOf(request);
  if (!isFeatureEnabled(tenant.features, 'MY_SERVICES')) throw new AppError('FORBIDDEN');
  return tenant;
}

/** Services: the tenant's care networks and the search of their partners, nearest first. */
export const careNetworkRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db'>> = async (app, { db }) => {
  app.get('/', { config: { access: 'member' }, schema: { response: { 200: ZCareNetworksResponse } } }, async (request) => ({
    data: await listCareNetworks(db, servicesTenant(request).id),
  }));

  app.get('/search', { config: { access: 'member' }, schema: { querystring: ZCareSearchQuery, response: { 200: ZCareSearchResponse } } }, async (request) => ({
    data: await searchCareNetwork(db, servicesTenant(request).id, request.query.specialty, request.query.place),
  }));
};
