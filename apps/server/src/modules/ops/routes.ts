import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { masterKeyIdsInUse, rewrapDataKeys } from '../../db/field-crypto';
import { backupDatabase } from '../../db/backup';
import type { AppServices } from '../../core/module';
import { ZFeatureChange, ZMaintenanceChange, listTenants, setFeature, setMaintenance } from '../tenants/public';

/**
 * Operator API used by `npm run tenant`: loopback only, bearer token from the data dir. It lets the
 * operator change a running system (the embedded database has a single owner: this process).
 */
export const opsRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'directory' | 'clock' | 'config'>> = async (app, opts) => {
  // `operator`: loopback and bearer token, checked by the sessions plugin; no tenant, no anti-forgery cookie.
  const config = { access: 'operator', tenant: 'none', csrf: false } as const;
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

  // `npm run keys -- rotate`: the key file has a new current key; every data key is wrapped with it.
  app.post('/keys/rewrap', { config }, async () => {
    const result = await rewrapDataKeys(opts.db, opts.clock.now());
    return { data: { ...result, masterKeysInUse: [...(await masterKeyIdsInUse(opts.db))] } };
  });

  // `npm run backup` on the embedded database, which only this process may open.
  app.post('/backup', { config, schema: { body: z.object({ file: z.string().min(1) }) } }, async (request) => ({
    data: await backupDatabase(opts.db, opts.config.DATABASE_URL, request.body.file),
  }));
};
