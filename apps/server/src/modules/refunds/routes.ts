import { PassThrough } from 'node:stream';
import { ZRefundDetail, ZRefundFilters, ZRefundIdParams, ZRefundListQuery, ZRefundPage, dataEnvelope, refundsExportFileName } from '@mutua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { sessionOf } from '../../plugins/sessions';
import { tenantOf } from '../../plugins/tenant';
import type { AuditLog } from '../audit/audit-log';
import { attachmentDisposition, denyAccess, frenchValidation } from '../requests/http';
import { XLSX_CONTENT_TYPE, writeRefundsWorkbook } from './export-xlsx';
import { findRefundDetail, findRefundsPage, refundBatches } from './repository';
import { buildStatement } from './service';

export type RefundsRoutesOptions = { db: Db; audit: AuditLog };

/**
 * Refunds of the signed-in member: GET /refunds (filters + keyset paging), GET /refunds/export (.xlsx
 * of the filtered list), GET /refunds/:refundId (detail with sub-acts), GET /refunds/:refundId/statement
 * (PDF). Another member's refund → 404 + audit row.
 */
export const refundsRoutes: FastifyPluginAsyncZod<RefundsRoutesOptions> = async (app, opts) => {
  const { db, audit } = opts;
  const validation = { config: { access: 'member' }, attachValidation: true, preHandler: frenchValidation } as const;

  app.get('/', { ...validation, schema: { querystring: ZRefundListQuery, response: { 200: dataEnvelope(ZRefundPage) } } }, async (request) => ({
    data: await findRefundsPage(db, sessionOf(request).memberId, request.query),
  }));

  app.get('/export', { ...validation, schema: { querystring: ZRefundFilters } }, async (request, reply) => {
    const memberId = sessionOf(request).memberId;
    const out = new PassThrough();
    writeRefundsWorkbook(out, refundBatches(db, memberId, request.query), { creator: tenantOf(request).name }).catch((error: unknown) => {
      request.log.error({ err: error }, 'refunds export failed');
      out.destroy(error as Error);
    });
    return reply.type(XLSX_CONTENT_TYPE).header('content-disposition', attachmentDisposition(refundsExportFileName())).send(out);
  });

  app.get('/:refundId', { ...validation, schema: { params: ZRefundIdParams, response: { 200: dataEnvelope(ZRefundDetail) } } }, async (request) => {
    const detail = await findRefundDetail(db, sessionOf(request).memberId, request.params.refundId);
    if (!detail) return denyAccess(db, audit, request, 'refund', request.params.refundId);
    return { data: detail };
  });

  app.get('/:refundId/statement', { ...validation, schema: { params: ZRefundIdParams } }, async (request, reply) => {
    const statement = await buildStatement(db, sessionOf(request).memberId, request.params.refundId, tenantOf(request));
    if (!statement) return denyAccess(db, audit, request, 'refund', request.params.refundId);
    return reply.type('application/pdf').header('content-disposition', attachmentDisposition(statement.fileName)).send(statement.pdf);
  });
};
