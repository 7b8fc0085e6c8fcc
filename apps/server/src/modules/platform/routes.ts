import { dataEnvelope } from '@mutua/contracts/api';
import { ZHeartbeat, ZInitData } from '@mutua/contracts/platform';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { tenantOf } from '../../plugins/tenant';
import type { AppServices } from '../../core/module';
import { brandOf } from '../tenants/public';
import { HealthProbe } from '../../core/health-probe';

/** The stores a tenant may publish its mobile application on, each with its QR code image. */
const APP_STORE_QR = { 'app-store-qr': 'appStoreUrl', 'play-store-qr': 'playStoreUrl' } as const;

/** Start-up calls of the SPA: the tenant's brand (init), service status (heartbeat), brand assets. */
export const platformRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'ping' | 'config'>> = async (app, services) => {
  const health = new HealthProbe(services.ping);
  app.get(
    '/init',
    { config: { access: 'public', overload: 'serve' }, schema: { response: { 200: dataEnvelope(z.object({ data: ZInitData })) } } },
    async (request, reply) => {
      const tenant = tenantOf(request);
      reply.ensureXsrfToken();
      return { data: { data: { logoutRedirectUrl: tenant.logoutRedirectUrl, brand: brandOf(tenant) } } };
    },
  );

  app.get(
    '/heartbeat',
    { config: { access: 'system', tenant: 'none', overload: 'serve' }, schema: { response: { 200: dataEnvelope(ZHeartbeat) } } },
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

  // Home's « L'application mobile » block: a QR code of a public store link is an image like the logo,
  // drawn here rather than by a QR library in every member's start-up JavaScript.
  for (const [name, field] of Object.entries(APP_STORE_QR)) {
    app.get(`/brand/${name}.svg`, { config: { access: 'public' } }, async (request, reply) => {
      const { enabled, [field]: url } = tenantOf(request).mobileApplication;
      if (!enabled || !url) throw new AppError('NOT_FOUND');
      const svg = await QRCode.toString(url, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return reply.type('image/svg+xml').header('cache-control', 'public, max-age=300').send(svg);
    });
  }
};
