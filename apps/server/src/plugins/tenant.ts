import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Tenant } from '../db/schema';
import { AppError } from '../lib/app-error';
import type { TenantDirectory } from '../core/tenant-directory';

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

/** A host name (letters, digits, dots, hyphens) or a bracketed IPv6 literal, and an optional port. */
const HOST_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * Whether the request carries exactly one well-formed Host header. Node keeps only the first of
 * duplicates in `headers.host`, so the raw headers are counted; user-info (`a@b`), paths, spaces and
 * other characters outside a host name are refused.
 */
export function hasValidHost(request: FastifyRequest): boolean {
  const raw = request.raw.rawHeaders;
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) if (raw[i]!.toLowerCase() === 'host') count++;
  const host = request.headers.host;
  return count <= 1 && (host === undefined || (host.length <= 260 && HOST_PATTERN.test(host)));
}

/**
 * Where mailed links of the tenant point when PUBLIC_URL is unset: its first configured host, with
 * this server's own listening port (development) — never the request's Host header, which the
 * client chooses. The scheme is the request's (the socket, or X-Forwarded-Proto from a trusted proxy).
 */
export function canonicalOrigin(request: FastifyRequest, tenant: Pick<Tenant, 'hosts'>): string {
  const host = tenant.hosts[0] ?? 'localhost';
  const port = request.raw.socket?.localPort;
  const defaultPort = request.protocol === 'https' ? 443 : 80;
  return `${request.protocol}://${host}${port && port !== defaultPort ? `:${port}` : ''}`;
}

/**
 * Resolves the tenant from the Host header before any /api route runs. An unknown host never falls
 * back to another tenant's brand; a tenant in maintenance answers 503 with its public reason.
 */
export const tenantPlugin = fp(async (app: FastifyInstance, opts: { directory: TenantDirectory }) => {
  app.decorateRequest('tenantOrNull', null);
  app.addHook('onRequest', async (request) => {
    if (!hasValidHost(request)) throw new AppError('INVALID_HOST');
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
