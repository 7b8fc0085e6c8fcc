import { createHash } from 'node:crypto';
import { ZHeartbeat, ZInitData, dataEnvelope } from '@mutua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Tenant } from '../../db/schema';
import { tenantOf } from '../../plugins/tenant';
import type { HealthProbe } from './health-probe';

export type PlatformRoutesOptions = { health: HealthProbe; debugTools: boolean };

/** Brand asset URLs carry a content hash, so browsers may cache them for good. */
function assetUrl(name: 'logo' | 'favicon', svg: string): string {
  const version = createHash('sha256').update(svg).digest('hex').slice(0, 10);
  return `/api/brand/${name}.svg?v=${version}`;
}

export function brandOf(tenant: Tenant) {
  return {
    name: tenant.name,
    graphical_charter: {
      ...tenant.graphicalCharter,
      logo: assetUrl('logo', tenant.logoSvg),
      favicon: assetUrl('favicon', tenant.faviconSvg),
    },
    cookies: { token: tenant.settings.cookieConsentToken ?? null },
  };
}

/** Start-up calls of the SPA: the tenant's brand (init), service status (heartbeat), brand assets. */
export const platformRoutes: FastifyPluginAsyncZod<PlatformRoutesOptions> = async (app, opts) => {
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
    async () => ({ data: { status: await opts.health.status(), active_debug_session: opts.debugTools } }),
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
