import {
  ZAccessibilityReportInput,
  ZAccessibilityReportReceived,
  ZBoAccessibilityReportAnswer,
  ZBoAccessibilityReportList,
  ZBoAccessibilityReportQuery,
  ZBoAccessibilityReportResponse,
} from '@mutua/contracts/accessibility-reports';
import { canHandleCases } from '@mutua/contracts/backoffice';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF } from '../../http/access-presets';
import { AppError } from '../../lib/app-error';
import { staffSessionOf } from '../../plugins/staff';
import { tenantOf } from '../../plugins/tenant';
import { tenantsOf } from '../../core/staff-sessions';
import type { AppServices } from '../../core/module';
import { idempotencyKeyOf } from '../requests/public';
import { prepareAnswerMail } from './answer-mail';
import { answerReport, closeReport, listReports, receiveReport } from './reports';

/** A visitor may report a few problems an hour from one address: enough for a person, not for a script. */
const REPORT_RATE_LIMIT = { max: 10, timeWindow: 3_600_000 } as const;

/**
 * POST /api/accessibility/reports: a problem reported from the accessibility statement, signed in or
 * not (anti-forgery checked as on every unsafe call, rate-limited per address). Only its id is audited:
 * the visitor's words and address stay in the report.
 */
export const accessibilityRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, clock, audit }) => {
  app.post(
    '/reports',
    {
      config: { access: 'public', rateLimit: REPORT_RATE_LIMIT },
      schema: { body: ZAccessibilityReportInput, response: { 201: ZAccessibilityReportReceived } },
    },
    async (request, reply) => {
      const tenant = tenantOf(request);
      const key = idempotencyKeyOf(request);
      const report = await receiveReport(db, tenant.id, request.body, key, clock.now());
      if (!report.replayed) {
        await audit.record({
          kind: 'ACCESSIBILITY_REPORT_RECEIVED',
          tenantId: tenant.id,
          memberId: request.session?.memberId ?? null,
          ip: request.ip,
          details: { reportId: report.id },
        });
      } else {
        void reply.header('idempotent-replayed', 'true');
      }
      return reply.status(201).send({ data: { id: report.id, receivedAt: report.receivedAt.toISOString() } });
    },
  );
};

/**
 * The back office's list of accessibility reports (/api/bo/accessibility-reports), for the staff
 * member's tenants only (another tenant's report reads as missing). Every staff member reads; those
 * who handle cases answer (the answer is e-mailed to the reporter) and close, once, audited.
 */
export const accessibilityBackofficeRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  const { db, clock, audit } = services;
  const ZId = z.object({ id: z.uuid() });
  const handler = async (request: FastifyRequest) => {
    const session = staffSessionOf(request);
    if (!canHandleCases(session.role)) throw new AppError('FORBIDDEN');
    return { session, scope: await tenantsOf(db, session.staffId) };
  };
  const record = (request: FastifyRequest, kind: string, tenantId: string, reportId: string) =>
    audit.record({ kind, tenantId, memberId: null, ip: request.ip, details: { staffId: request.staffSession?.staffId, reportId } });

  app.get('/', { config: STAFF, schema: { querystring: ZBoAccessibilityReportQuery, response: { 200: ZBoAccessibilityReportList } } }, async (request) => {
    const session = staffSessionOf(request);
    return { data: await listReports(db, await tenantsOf(db, session.staffId), { status: request.query.status }) };
  });

  app.post(
    '/:id/answer',
    { config: STAFF, schema: { params: ZId, body: ZBoAccessibilityReportAnswer, response: { 200: ZBoAccessibilityReportResponse } } },
    async (request) => {
      const { session, scope } = await handler(request);
      const [report] = await listReports(db, scope, { id: request.params.id });
      if (!report) throw new AppError('NOT_FOUND');
      if (report.status !== 'OPEN') throw new AppError('ACCESSIBILITY_REPORT_DONE');
      const sendMail = await prepareAnswerMail(services, request, report, request.body.answer);
      const answered = await db.transaction(async (tx) => {
        const row = await answerReport(tx, report.id, scope, session.staffId, request.body.answer, clock.now());
        if (row) await sendMail(tx);
        return row;
      });
      if (!answered) throw new AppError('ACCESSIBILITY_REPORT_DONE');
      services.notifier.wake();
      await record(request, 'ACCESSIBILITY_REPORT_ANSWERED', report.tenantId, report.id);
      const [updated] = await listReports(db, scope, { id: report.id });
      return { data: updated! };
    },
  );

  app.post('/:id/close', { config: STAFF, schema: { params: ZId, response: { 200: ZBoAccessibilityReportResponse } } }, async (request) => {
    const { session, scope } = await handler(request);
    const [report] = await listReports(db, scope, { id: request.params.id });
    if (!report) throw new AppError('NOT_FOUND');
    if (!(await closeReport(db, report.id, scope, session.staffId, clock.now()))) throw new AppError('ACCESSIBILITY_REPORT_DONE');
    await record(request, 'ACCESSIBILITY_REPORT_CLOSED', report.tenantId, report.id);
    const [updated] = await listReports(db, scope, { id: report.id });
    return { data: updated! };
  });
};
