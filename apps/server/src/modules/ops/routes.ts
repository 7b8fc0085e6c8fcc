import { timingSafeEqual } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { ZFeatureChange, ZMaintenanceChange, listTenants, setFeature, setMaintenance } from '../tenants/tenant-admin';
import type { TenantDirectory } from '../tenants/tenant-directory';

export type OpsRoutesOptions = { db: Db; directory: TenantDirectory; operatorToken: string };

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Operator API used by `npm run tenant`: loopback only, bearer token from the data dir. It lets the
 * operator change a running system (the embedded database has a single owner: this process).
 */
export const opsRoutes: FastifyPluginAsyncZod<OpsRoutesOptions> = async (app, opts) => {
  const expected = Buffer.from(`Bearer ${opts.operatorToken}`);
  app.addHook('onRequest', async (request) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    const tokenOk = given.length === expected.length && timingSafeEqual(given, expected);
    if (!LOOPBACK.has(request.ip) || !tokenOk) throw new AppError('FORBIDDEN');
  });
  const config = { tenant: 'none', csrf: false } as const;
  const params = z.object({ tenantId: z.string().min(1) });

  app.get('/tenants', { config }, async () => ({ data: await listTenants(opts.db) }));

  app.post('/tenants/:tenantId/maintenance', { config, schema: { params, body: ZMaintenanceChange } }, async (request) => {
    await setMaintenance(opts.db, request.params.tenantId, request.body);
    opts.directory.invalidate();
    return { data: { ok: true } };
  });

  app.post('/tenants/:tenantId/features', { config, schema: { params, body: ZFeatureChange } }, async (request) => {
    await setFeature(opts.db, request.params.tenantId, request.body);
    opts.directory.invalidate();
    return { data: { ok: true } };
  });
};
