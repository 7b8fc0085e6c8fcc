import { PassThrough } from 'node:stream';
import { ZRefundDetail, ZRefundFilters, ZRefundIdParams, ZRefundListQuery, ZRefundPage, dataEnvelope, refundsExportFileName } from '@mutua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { attachmentDisposition } from '../../http/attachment';
import { safeError } from '../../lib/safe-error';
import { sessionOf } from '../../plugins/sessions';
import { tenantOf } from '../../plugins/tenant';
import type { AppServices } from '../module';
import { trustedJson } from '../../http/trusted-json';
import { XLSX_CONTENT_TYPE, writeRefundsWorkbook } from './export-xlsx';
import { findRefundDetail, findRefundsPage, refundBatches } from './repository';
import { buildStatement } from './service';

/**
 * Refunds of the signed-in member: GET /refunds (filters + keyset paging), GET /refunds/export (.xlsx
 * of the filtered list), GET /refunds/:refundId (detail with sub-acts), GET /refunds/:refundId/statement
 * (PDF). Another member's refund → 404 + audit row.
 */
export const refundsRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'config' | 'db'>> = async (app, { config, db }) => {
  const READ = { access: 'member' } as const;

  // The list page: serialized without a zod pass in production (see trustedJson).
  app.get(
    '/',
    {
      config: READ,
      schema: { querystring: ZRefundListQuery, response: { 200: dataEnvelope(ZRefundPage) } },
      serializerCompiler: trustedJson(config.NODE_ENV !== 'production'),
    },
    async (request) => ({ data: await findRefundsPage(db, sessionOf(request).memberId, request.query) }),
  );

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
