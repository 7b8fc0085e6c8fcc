import { dataEnvelope } from '@mutua/contracts/api';
import {
  ZAdditionalPartsInput,
  ZCaseRefusal,
  ZDocumentProposalFields,
  additionalPartsTitle,
  ZApproval,
  ZApprovalDecision,
  ZComplaintAnswer,
  complaintAnswerText,
  ZApprovalQuery,
  ZRefundClaimDefaults,
  ZRefundCancellation,
  ZRefundProposal,
} from '@mutua/contracts/backoffice-approvals';
import { isStepAllowed } from '@mutua/contracts/request-kinds';
import { isClaimKind, messageKindOf } from '@mutua/contracts/requests';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sendAttachment } from '../../http/attachment';
import { acceptMultipart, readForm } from '../../http/multipart';
import { AppError } from '../../lib/app-error';
import { staffSessionOf } from '../../plugins/staff';
import { findMemberFile, type FileDownload } from '../documents/public';
import { askAdditionalParts } from '../requests/public';
import type { AppServices } from '../../core/module';
import { approvalFile, cancelPublishedRefund, decideApproval, listApprovals, proposeDocument, proposeRefund, refundDefaults } from './approvals';
import { caseDetail, findCaseRow, moveCaseStep, replyToCase } from './cases';
import { acceptCase, refuseCase } from './effects';
import { prepareNewMessageMail } from './member-mail';
import { STAFF } from '../../http/access-presets';
import { staffAuditRecorder, caseHandlerOf } from './staff-acts';

/** A member's file to a staff member: its own name, never cached (personal health data). */
const sendFile = (reply: FastifyReply, file: FileDownload) => sendAttachment(reply.header('cache-control', 'no-store'), file);
const ZId = z.object({ id: z.uuid() });

/**
 * What a case does beyond its thread: its attachments downloaded by the
 * staff of its tenant, the refund an accepted claim proposes (POST /bo/refunds), the document an agent
 * proposes for a case (POST /bo/documents, multipart with one PDF) and the manager's decision on either
 * (POST /bo/approvals/{id}) — four eyes, every act audited.
 */
export const backofficeCaseRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  const { db, clock, audit } = services;
  await acceptMultipart(app);
  const record = staffAuditRecorder(audit);
  const handler = caseHandlerOf;

  // An attachment of the case: only a file of this case's messages or steps, for the staff of its tenant.
  app.get('/cases/:id/files/:fileId', { config: STAFF, schema: { params: z.object({ id: z.uuid(), fileId: z.uuid() }) } }, async (request, reply) => {
    const session = staffSessionOf(request);
    const detail = await caseDetail(db, session.staffId, request.params.id, clock.now());
    const ids = new Set([
      ...(detail?.messages.flatMap((m) => m.attachments.map((a) => a.id)) ?? []),
      ...(detail?.statusList.flatMap((s) => s.documents?.map((d) => d.id) ?? []) ?? []),
    ]);
    if (!detail || !ids.has(request.params.fileId)) throw new AppError('NOT_FOUND');
    const file = await findMemberFile(db, detail.memberId, request.params.fileId);
    if (!file) throw new AppError('NOT_FOUND');
    await record(request, 'CASE_FILE_DOWNLOADED', { caseId: detail.id, fileId: file.id }, detail);
    return sendFile(reply, file);
  });

  app.get(
    '/cases/:id/refund',
    {
      config: STAFF,
      schema: { params: ZId, response: { 200: dataEnvelope(z.object({ defaults: ZRefundClaimDefaults.nullable(), approvals: z.array(ZApproval) })) } },
    },
    async (request) => {
      const session = staffSessionOf(request);
      const defaults = await refundDefaults(db, session.staffId, request.params.id);
      const approvals = await listApprovals(db, session.staffId, { state: 'PENDING', case: request.params.id });
      return { data: { defaults, approvals } };
    },
  );

  // A complaint's answer: in the member's thread (a refusal with the mediator's details), acknowledged first if it was not, then « Réponse apportée ».
  app.post(
    '/cases/:id/complaint-answer',
    { config: STAFF, schema: { params: ZId, body: ZComplaintAnswer, response: { 201: dataEnvelope(z.object({ messageId: z.uuid() })) } } },
    async (request, reply) => {
      const session = handler(request);
      const now = clock.now();
      const row = await findCaseRow(db, session.staffId, request.params.id);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.type !== 'message' || !isClaimKind(messageKindOf(row.type_code)) || row.state !== 'OPEN') throw new AppError('CASE_NOT_COMPLAINT');
      const detail = await caseDetail(db, session.staffId, row.request_id, now);
      const reached = new Set(detail?.statusList.map((s) => s.step));
      const mail = await prepareNewMessageMail(services, request, row);
      const done = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as typeof db;
        const answered = await replyToCase(tx, session.staffId, row.request_id, complaintAnswerText(request.body), now);
        if (!reached.has('in_progress')) await moveCaseStep(tx, session.staffId, row.request_id, 'in_progress', now);
        if (!reached.has('answered')) await moveCaseStep(tx, session.staffId, row.request_id, 'answered', now);
        await mail(tx);
        return answered!;
      });
      services.notifier.wake();
      await record(
        request,
        'CASE_COMPLAINT_ANSWERED',
        { caseId: row.request_id, outcome: request.body.outcome, messageId: done.messageId },
        { tenantId: row.tenant_id, memberId: row.member_id },
      );
      return reply.status(201).send({ data: { messageId: done.messageId } });
    },
  );

  // Request additional parts (10005): a new request for the member, in the case's group; the case waits for information where its kind allows.
  app.post(
    '/cases/:id/additional-parts',
    { config: STAFF, schema: { params: ZId, body: ZAdditionalPartsInput, response: { 201: dataEnvelope(z.object({ requestId: z.uuid() })) } } },
    async (request, reply) => {
      const session = handler(request);
      const now = clock.now();
      const row = await findCaseRow(db, session.staffId, request.params.id);
      if (!row) throw new AppError('NOT_FOUND');
      if (row.state !== 'OPEN') throw new AppError('CASE_STEP_NOT_ALLOWED');
      const mail = await prepareNewMessageMail(services, request, row);
      const requestId = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as typeof db;
        const id = await askAdditionalParts(tx, {
          aboutRequestId: row.request_id,
          memberId: row.member_id,
          title: additionalPartsTitle(row.title),
          message: request.body.message,
          now,
        });
        if (isStepAllowed(row.type, row.type_code, 'waiting_information')) await moveCaseStep(tx, session.staffId, row.request_id, 'waiting_information', now);
        await mail(tx);
        return id;
      });
      services.notifier.wake();
      await record(request, 'CASE_PARTS_REQUESTED', { caseId: row.request_id, requestId }, { tenantId: row.tenant_id, memberId: row.member_id });
      return reply.status(201).send({ data: { requestId } });
    },
  );

  // Accept a beneficiary addition (10003) or a refund account change (10023, 10032): its effect and « Traité », once.
  app.post(
    '/cases/:id/accept',
    {
      config: STAFF,
      schema: {
        params: ZId,
        response: { 200: dataEnvelope(z.object({ effect: z.enum(['add_beneficiary', 'refund_bank_details']), familyPosition: z.number().int() })) },
      },
    },
    async (request) => {
      const session = handler(request);
      const done = await acceptCase(db, session.staffId, request.params.id, clock.now());
      await record(
        request,
        'CASE_ACCEPTED',
        { caseId: done.row.request_id, effect: done.effect, familyPosition: done.familyPosition },
        { tenantId: done.row.tenant_id, memberId: done.row.member_id },
      );
      return { data: { effect: done.effect, familyPosition: done.familyPosition } };
    },
  );

  // Refuse it: the reason in the member's thread (and the new-message mail), then « Traité », once.
  app.post(
    '/cases/:id/refuse',
    { config: STAFF, schema: { params: ZId, body: ZCaseRefusal, response: { 201: dataEnvelope(z.object({ messageId: z.uuid() })) } } },
    async (request, reply) => {
      const session = handler(request);
      const row = await findCaseRow(db, session.staffId, request.params.id);
      if (!row) throw new AppError('NOT_FOUND');
      const mail = await prepareNewMessageMail(services, request, row);
      const done = await refuseCase(db, session.staffId, row, request.body.reason, clock.now(), mail);
      services.notifier.wake();
      await record(request, 'CASE_REFUSED', { caseId: row.request_id, messageId: done.messageId }, { tenantId: row.tenant_id, memberId: row.member_id });
      return reply.status(201).send({ data: { messageId: done.messageId } });
    },
  );

  app.post(
    '/refunds',
    { config: STAFF, schema: { body: ZRefundProposal, response: { 201: dataEnvelope(z.object({ id: z.uuid() })) } } },
    async (request, reply) => {
      const session = handler(request);
      const done = await proposeRefund(db, session, request.body, clock.now());
      if (!done) throw new AppError('NOT_FOUND');
      const where = { tenantId: done.row.tenant_id, memberId: done.row.member_id };
      await record(
        request,
        'BO_REFUND_PROPOSED',
        { caseId: request.body.caseId, approvalId: done.id, productCents: done.payload.productCents, engineAmcCents: done.payload.totals.amcCents },
        where,
      );
      // Each correction of the engine's figure is audited with its reason.
      for (const [position, line] of done.payload.lines.entries()) {
        if (!line.correction) continue;
        const details = {
          caseId: request.body.caseId,
          approvalId: done.id,
          position: position + 1,
          actCode: line.actCode,
          engineAmcCents: line.amcCents,
          correctedAmcCents: line.correction.amcCents,
          reason: line.correction.reason,
        };
        await record(request, 'BO_REFUND_LINE_CORRECTED', details, where);
      }
      return reply.status(201).send({ data: { id: done.id } });
    },
  );

  app.post('/documents', { config: STAFF, schema: { response: { 201: dataEnvelope(z.object({ id: z.uuid() })) } } }, async (request, reply) => {
    const session = handler(request);
    const form = await readForm(request, ZDocumentProposalFields);
    const done = await proposeDocument(db, session, form.fields, form.files, clock.now());
    if (!done) throw new AppError('NOT_FOUND');
    await record(
      request,
      'BO_DOCUMENT_PROPOSED',
      { caseId: done.row.request_id, approvalId: done.id, name: form.fields.name, sha256: form.files[0]!.sha256 },
      { tenantId: done.row.tenant_id, memberId: done.row.member_id },
    );
    return reply.status(201).send({ data: { id: done.id } });
  });

  // A published refund cancelled by a manager, with a reason: its allowances given back, audited.
  app.post(
    '/refunds/:id/cancel',
    { config: STAFF, schema: { params: ZId, body: ZRefundCancellation, response: { 200: dataEnvelope(z.object({ reference: z.string() })) } } },
    async (request) => {
      const session = staffSessionOf(request);
      if (session.role !== 'manager') throw new AppError('FORBIDDEN');
      const done = await cancelPublishedRefund(db, session.staffId, request.params.id, request.body.reason, clock.now());
      if (!done) throw new AppError('NOT_FOUND');
      await record(request, 'BO_REFUND_CANCELLED', { refundId: request.params.id, reference: done.reference, reason: request.body.reason }, done);
      return { data: { reference: done.reference } };
    },
  );

  // The proposed PDF, read by the manager before deciding (and by the proposer's colleagues of its tenant).
  app.get('/approvals/:id/file', { config: STAFF, schema: { params: ZId } }, async (request, reply) => {
    const file = await approvalFile(db, staffSessionOf(request).staffId, request.params.id);
    if (!file) throw new AppError('NOT_FOUND');
    await record(request, 'APPROVAL_FILE_DOWNLOADED', { approvalId: file.id }, file.approval);
    return sendFile(reply, file);
  });

  app.get('/approvals', { config: STAFF, schema: { querystring: ZApprovalQuery, response: { 200: dataEnvelope(z.array(ZApproval)) } } }, async (request) => ({
    data: await listApprovals(db, staffSessionOf(request).staffId, request.query),
  }));

  app.post(
    '/approvals/:id',
    {
      config: STAFF,
      schema: {
        params: ZId,
        body: ZApprovalDecision,
        response: { 200: dataEnvelope(z.object({ state: z.enum(['APPROVED', 'REJECTED']), refundId: z.uuid().nullable(), documentId: z.uuid().nullable() })) },
      },
    },
    async (request) => {
      const session = staffSessionOf(request);
      const target = { id: request.params.id };
      try {
        const done = await decideApproval(db, session, target.id, request.body, clock.now(), (row) => prepareNewMessageMail(services, request, row));
        if (!done) throw new AppError('NOT_FOUND');
        if (done.documentId) services.notifier.wake();
        await record(
          request,
          done.state === 'APPROVED' ? 'BO_APPROVAL_APPROVED' : 'BO_APPROVAL_REJECTED',
          {
            approvalId: target.id,
            kind: done.approval.kind,
            caseId: done.approval.requestId,
            proposedBy: done.approval.proposedBy,
            refundId: done.refundId,
            documentId: done.documentId,
            reason: request.body.reason ?? null,
          },
          done.approval,
        );
        return { data: { state: done.state, refundId: done.refundId, documentId: done.documentId } };
      } catch (error) {
        // A refused attempt (own proposal, wrong role, already decided) is audited too.
        if (error instanceof AppError && error.code !== 'NOT_FOUND') {
          await audit.record({
            kind: 'BO_APPROVAL_REFUSED',
            tenantId: null,
            memberId: null,
            ip: request.ip,
            details: { staffId: session.staffId, approvalId: target.id, code: error.code },
          });
        }
        throw error;
      }
    },
  );
};
