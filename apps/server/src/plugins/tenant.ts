import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Tenant } from '../db/schema';
import { AppError } from '../lib/app-error';
import type { TenantDirectory } from '../modules/tenants/tenant-directory';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** 'none': the route serves any host (heartbeat, operator API). */
    tenant?: 'none';
    /** The route still answers while its tenant is in maintenance (brand assets). */
    allowDuringMaintenance?: boolean;
  }
  interface FastifyRequest {
    tenantOrNull: Tenant | null;
  }
}

/** The request's tenant; routes that run after this plugin's hook can rely on it. */
export function tenantOf(request: FastifyRequest): Tenant {
  if (!request.tenantOrNull) throw new AppError('ENVIRONMENT_NOT_FOUND');
  return request.tenantOrNull;
}

/**
 * Resolves the tenant from the Host header before any /api route runs. An unknown host never falls
 * back to another tenant's brand; a tenant in maintenance answers 503 with its public reason.
 */
export const tenantPlugin = fp(async (app: FastifyInstance, opts: { directory: TenantDirectory }) => {
  app.decorateRequest('tenantOrNull', null);
  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config;
    if (!request.url.startsWith('/api/') || config.tenant === 'none') return;
    const tenant = await opts.directory.byHost(request.headers.host);
    if (!tenant) throw new AppError('ENVIRONMENT_NOT_FOUND');
    request.tenantOrNull = tenant;
    if (tenant.maintenance && !config.allowDuringMaintenance) {
      throw new AppError('MAINTENANCE', undefined, { maintenance_public_reason: tenant.maintenanceReason });
    }
  });
});
