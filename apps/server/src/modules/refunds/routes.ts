import { PassThrough } from 'node:stream';
import { dataEnvelope } from '@mutua/contracts/api';
import { ZRefundDetail, ZRefundFilters, ZRefundIdParams, ZRefundListQuery, ZRefundPage, refundsExportFileName } from '@mutua/contracts/refunds';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentDisposition } from '../../http/attachment';
import { safeError } from '../../lib/safe-error';
import { sessionOf } from '../../plugins/sessions';
import { tenantOf } from '../../plugins/tenant';
import type { AppServices } from '../../core/module';
import { trustedJson } from '../../http/trusted-json';
import { XLSX_CONTENT_TYPE, writeRefundsWorkbook } from './export-xlsx';
import { findRefundDetail, findRefundsPage, refundBatches } from './repository';
import { buildStatement } from './service';
import { READ } from '../../http/access-presets';

/**
 * Refunds of the signed-in member: GET /refunds (filters + keyset paging), GET /refunds/export (.xlsx
 * of the filtered list), GET /refunds/:refundId (detail with sub-acts), GET /refunds/:refundId/statement
 * (PDF). Another member's refund → 404 + audit row.
 */
export const refundsRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'config' | 'db' | 'readCache'>> = async (app, { config, db, readCache }) => {
  // The list page: serialized without a zod pass in production (see trustedJson), here rather than by
  // the route so that the page the refunds screen opens on is kept serialized.
  const serializePage = trustedJson(config.NODE_ENV !== 'production')({
    schema: dataEnvelope(ZRefundPage),
    method: 'GET',
    url: '/api/refunds',
    httpStatus: '200',
  });
  app.get('/', { config: READ, schema: { querystring: ZRefundListQuery, response: { 200: dataEnvelope(ZRefundPage) } } }, async (request, reply) => {
    const { memberId } = sessionOf(request);
    const { limit, cursor, ...filters } = request.query;
    const page = async () => serializePage({ data: await findRefundsPage(db, memberId, request.query) });
    // The opening page (no filter, no cursor) is kept until the member's data changes (lib/read-cache.ts);
    // a search or a later page is read each time (what a member types must not fill the cache).
    const opening = cursor === undefined && Object.values(filters).every((value) => value === undefined);
    const json = opening ? await readCache.get(`refunds:${memberId}:${limit}`, [`m:${memberId}`], page) : await page();
    // Sent as the JSON it is (the reply's type, from the schema, expects the object).
    return (reply as FastifyReply).type('application/json; charset=utf-8').send(json);
  });

  app.get('/export', { config: READ, schema: { querystring: ZRefundFilters } }, async (request, reply) => {
    const memberId = sessionOf(request).memberId;
    const out = new PassThrough();
    writeRefundsWorkbook(out, refundBatches(db, memberId, request.query), { creator: tenantOf(request).name }).catch((error: unknown) => {
      request.log.error({ err: safeError(error) }, 'refunds export failed');
      out.destroy(error as Error);
    });
    return reply.type(XLSX_CONTENT_TYPE).header('content-disposition', attachmentDisposition(refundsExportFileName())).send(out);
  });

  app.get('/:refundId', { config: READ, schema: { params: ZRefundIdParams, response: { 200: dataEnvelope(ZRefundDetail) } } }, async (request) => {
    const detail = await findRefundDetail(db, sessionOf(request).memberId, request.params.refundId);
    if (!detail) return request.denyAccess('refund', request.params.refundId);
    return { data: detail };
  });

  app.get('/:refundId/statement', { config: READ, schema: { params: ZRefundIdParams } }, async (request, reply) => {
    const statement = await buildStatement(db, sessionOf(request).memberId, request.params.refundId, tenantOf(request));
    if (!statement) return request.denyAccess('refund', request.params.refundId);
    return reply.type('application/pdf').header('content-disposition', attachmentDisposition(statement.fileName)).send(statement.pdf);
  });
};
