import { dataEnvelope } from '@mutua/contracts/api';
import { ZPaymentFile, ZPaymentFileDetail } from '@mutua/contracts/payment-files';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../http/attachment';
import { AppError } from '../../lib/app-error';
import { staffSessionOf } from '../../plugins/staff';
import { tenantsOf } from '../../core/staff-sessions';
import type { AppServices } from '../../core/module';
import { runPaymentBatch } from './batch';
import { listPaymentFiles, markPaymentFileSent, paymentFileDetail, paymentFileOf } from './files';

const STAFF = { access: 'staff' } as const;
const ZId = z.object({ id: z.uuid() });

/** Payments are the managers' and administrators' business: an agent reads cases, not bank files. */
function payingStaff(request: FastifyRequest) {
  const session = staffSessionOf(request);
  if (session.role !== 'manager' && session.role !== 'administrator') throw new AppError('FORBIDDEN');
  return session;
}

/** /api/bo/payment-files: the SEPA transfer files of the staff's tenants, their XML, « envoyé à la banque ». */
export const paymentFileRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, clock, audit }) => {
  const record = (request: FastifyRequest, kind: string, tenantId: string, details: Record<string, unknown>) =>
    audit.record({ kind, tenantId, memberId: null, ip: request.ip, details: { staffId: request.staffSession?.staffId, ...details } });

  app.get('/payment-files', { config: STAFF, schema: { response: { 200: dataEnvelope(z.array(ZPaymentFile)) } } }, async (request) => ({
    data: await listPaymentFiles(db, payingStaff(request).staffId),
  }));

  // The batch now, for each of the staff's tenants (the schedule runs it too): the files it wrote.
  app.post('/payment-files', { config: STAFF, schema: { response: { 200: dataEnvelope(z.array(ZPaymentFile)) } } }, async (request) => {
    const session = payingStaff(request);
    const created: string[] = [];
    for (const tenantId of await tenantsOf(db, session.staffId)) {
      const done = await runPaymentBatch(db, tenantId, clock.now());
      if (!done) continue;
      created.push(done.fileId);
      await record(request, 'PAYMENT_FILE_CREATED', tenantId, { fileId: done.fileId, transferCount: done.transferCount, listedCount: done.listedCount });
    }
    return { data: (await listPaymentFiles(db, session.staffId)).filter((f) => created.includes(f.id)) };
  });

  app.get('/payment-files/:id', { config: STAFF, schema: { params: ZId, response: { 200: dataEnvelope(ZPaymentFileDetail) } } }, async (request) => {
    const file = await paymentFileDetail(db, payingStaff(request).staffId, request.params.id);
    if (!file) throw new AppError('NOT_FOUND');
    return { data: file };
  });

  app.get('/payment-files/:id/xml', { config: STAFF, schema: { params: ZId } }, async (request, reply) => {
    const file = await paymentFileOf(db, payingStaff(request).staffId, request.params.id);
    if (!file) throw new AppError('NOT_FOUND');
    await record(request, 'PAYMENT_FILE_DOWNLOADED', file.tenantId, { fileId: file.id, messageId: file.messageId });
    return sendAttachment(reply, { contentType: 'application/xml; charset=utf-8', nameFile: `${file.messageId}.xml`, content: Buffer.from(file.xml, 'utf8') });
  });

  app.post('/payment-files/:id/sent', { config: STAFF, schema: { params: ZId, response: { 200: dataEnvelope(ZPaymentFile) } } }, async (request) => {
    const session = payingStaff(request);
    const done = await markPaymentFileSent(db, session.staffId, request.params.id, clock.now());
    if (!done) throw new AppError('NOT_FOUND');
    await record(request, 'PAYMENT_FILE_SENT', done.tenantId, { fileId: request.params.id, messageId: done.messageId, transferCount: done.transferCount });
    const file = await paymentFileDetail(db, session.staffId, request.params.id);
    return { data: ZPaymentFile.parse(file) };
  });
};
