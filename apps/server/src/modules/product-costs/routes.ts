import { dataEnvelope } from '@mutua/contracts/api';
import { ZAdminProductCostsResponse, ZProductCostsInput, ZProductCostsParams, ZProductCostsResponse } from '@mutua/contracts/product-costs';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { READ, STAFF } from '../../http/access-presets';
import { AppError } from '../../lib/app-error';
import { sessionOf } from '../../plugins/sessions';
import { staffSessionOf } from '../../plugins/staff';
import { tenantOf } from '../../plugins/tenant';
import { tenantsOf } from '../../core/staff-sessions';
import type { AppServices } from '../../core/module';
import { adminProductCosts, memberProductCosts, saveProductCosts } from './service';

/** GET /api/product-costs: the figures of the member's own products (contractual-info). */
export const productCostsRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, clock }) => {
  app.get('/', { config: READ, schema: { response: { 200: ZProductCostsResponse } } }, async (request) => ({
    data: await memberProductCosts(db, tenantOf(request).id, sessionOf(request).memberId, clock.now()),
  }));
};

/**
 * GET /api/bo/tenants/{id}/product-costs and PUT …/{product}/{year}: the tenant's administrators set
 * each product's figures for a closed year (another tenant reads as missing; other roles are refused), audited.
 */
export const productCostsAdminRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, clock, audit }) => {
  const administratorOf = async (request: Parameters<typeof staffSessionOf>[0], tenantId: string) => {
    const session = staffSessionOf(request);
    if (!(await tenantsOf(db, session.staffId)).includes(tenantId)) throw new AppError('NOT_FOUND');
    if (session.role !== 'administrator') throw new AppError('FORBIDDEN');
    return session;
  };
  app.get(
    '/:id/product-costs',
    { config: STAFF, schema: { params: z.object({ id: z.string().max(64) }), response: { 200: ZAdminProductCostsResponse } } },
    async (request) => {
      await administratorOf(request, request.params.id);
      return { data: await adminProductCosts(db, request.params.id, clock.now()) };
    },
  );
  app.put(
    '/:id/product-costs/:product/:year',
    { config: STAFF, schema: { params: ZProductCostsParams, body: ZProductCostsInput, response: { 200: dataEnvelope(z.object({ ok: z.literal(true) })) } } },
    async (request) => {
      const session = await administratorOf(request, request.params.id);
      const { id: tenantId, product: productNumber, year } = request.params;
      // Only a closed year's accounts are known: the current year cannot be published yet.
      const { products, lastClosedYear } = await adminProductCosts(db, tenantId, clock.now());
      if (year > lastClosedYear || !products.some((p) => p.productNumber === productNumber)) throw new AppError('NOT_FOUND');
      await saveProductCosts(db, { tenantId, productNumber, year }, request.body, clock.now());
      await audit.record({
        kind: 'PRODUCT_COSTS_SET',
        tenantId,
        memberId: null,
        ip: request.ip,
        details: { staffId: session.staffId, productNumber, year, ...request.body },
      });
      return { data: { ok: true as const } };
    },
  );
};
