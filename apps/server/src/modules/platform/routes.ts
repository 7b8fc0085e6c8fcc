import { ZHeartbeat, ZInitData, dataEnvelope } from '@mutua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { tenantOf } from '../../plugins/tenant';
import type { AppServices } from '../module';
import { brandOf } from '../tenants/public';
import { HealthProbe } from './health-probe';

/** Start-up calls of the SPA: the tenant's brand (init), service status (heartbeat), brand assets. */
export const platformRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'ping' | 'config'>> = async (app, services) => {
  const health = new HealthProbe(services.ping);
  app.get(
    '/init',
    { config: { access: 'public' }, schema: { response: { 200: dataEnvelope(z.object({ data: ZInitData })) } } },
    async (request, reply) => {
      const tenant = tenantOf(request);
      reply.ensureXsrfToken();
      return { data: { data: { logoutRedirectUrl: tenant.logoutRedirectUrl, brand: brandOf(tenant) } } };
    },
  );

  app.get(
    '/heartbeat',
    { config: { access: 'system', tenant: 'none' }, schema: { response: { 200: dataEnvelope(ZHeartbeat) } } },
    async () => ({ data: { status: await health.status(), active_debug_session: services.config.debugTools } }),
  );

  for (const name of ['logo', 'favicon'] as const) {
    app.get(`/brand/${name}.svg`, { config: { access: 'public', allowDuringMaintenance: true } }, async (request, reply) => {
      const tenant = tenantOf(request);
      return reply
        .type('image/svg+xml')
        .header('cache-control', request.query && 'v' in (request.query as object) ? 'public, max-age=31536000, immutable' : 'public, max-age=300')
        .send(name === 'logo' ? tenant.logoSvg : tenant.faviconSvg);
    });
  }
};
