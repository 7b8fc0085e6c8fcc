import { dataEnvelope } from '@mutua/contracts/api';
import { ZAdminPhoneLineResponse, ZPhoneLineInput, ZPhoneLineResponse } from '@mutua/contracts/phone-line';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF } from '../../http/access-presets';
import { AppError } from '../../lib/app-error';
import { staffSessionOf } from '../../plugins/staff';
import { tenantOf } from '../../plugins/tenant';
import { tenantsOf } from '../../core/staff-sessions';
import type { AppServices } from '../../core/module';
import { loadPhoneLine, phoneLineSettings, savePhoneLine } from './service';

/** GET /api/phone-line (public: the help page and the footer show it signed out too). */
export const phoneLineRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db }) => {
  app.get('/', { config: { access: 'public' }, schema: { response: { 200: ZPhoneLineResponse } } }, async (request) => ({
    data: await loadPhoneLine(db, tenantOf(request).id),
  }));
};

/**
 * GET/PUT /api/bo/tenants/{id}/phone-line: the tenant's administrators set the line's number, its open
 * days and the relay service (another tenant reads as missing, any other role is refused), audited.
 */
export const phoneLineAdminRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, audit, directory }) => {
  const ZTenantId = z.object({ id: z.string().max(64) });
  const administratorOf = async (request: FastifyRequest, tenantId: string) => {
    const session = staffSessionOf(request);
    if (!(await tenantsOf(db, session.staffId)).includes(tenantId)) throw new AppError('NOT_FOUND');
    if (session.role !== 'administrator') throw new AppError('FORBIDDEN');
    return session;
  };
  app.get('/:id/phone-line', { config: STAFF, schema: { params: ZTenantId, response: { 200: ZAdminPhoneLineResponse } } }, async (request) => {
    await administratorOf(request, request.params.id);
    return { data: await phoneLineSettings(db, request.params.id) };
  });
  app.put(
    '/:id/phone-line',
    { config: STAFF, schema: { params: ZTenantId, body: ZPhoneLineInput, response: { 200: dataEnvelope(z.object({ ok: z.literal(true) })) } } },
    async (request) => {
      const session = await administratorOf(request, request.params.id);
      const tenant = await directory.byId(request.params.id);
      if (!tenant) throw new AppError('NOT_FOUND');
      await savePhoneLine(db, tenant, request.body);
      await audit.record({
        kind: 'PHONE_LINE_UPDATED',
        tenantId: tenant.id,
        memberId: null,
        ip: request.ip,
        details: { staffId: session.staffId, days: request.body.days.length, relayProvider: request.body.relayProvider },
      });
      return { data: { ok: true as const } };
    },
  );
};
