import { dataEnvelope } from '@mutua/contracts/api';
import {
  SCHOOLING_MESSAGES,
  ZExitSurvey,
  ZExitSurveyResult,
  ZSchoolingAnswerResult,
  ZSchoolingFields,
  schoolingNotificationOf,
  type TSchoolingAnswerResult,
} from '@mutua/contracts/campaigns';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordMemberAct } from '../auth/public';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { beneficiaries } from '../../db/schema';
import { exitSurveyAnswers, schoolingAnswers } from './schema';
import { acceptMultipart, readForm } from '../../http/multipart';
import { AppError } from '../../lib/app-error';
import { sessionOf } from '../../plugins/sessions';
import { tenantOf } from '../../plugins/tenant';
import type { AppServices } from '../../core/module';
import { submitRequest } from '../requests/public';
import { idempotencyKeyOf, sendSubmitted } from '../requests/public';
import { digitalCampaignsOn, openNotifications } from './loaders';
import { portabilityRoutes } from './portability';
import { WRITE_LIMITED } from '../../http/access-presets';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Answer = { notificationId: string; beneficiaryId: string; choice: 'UPLOAD' | 'LATER' | 'NOT_SCHOOLED'; requestId: string | null; answeredAt: Date };

/** Stores a child's answer; a certificate already sent is never replaced by a later choice (409). */
async function storeAnswer(db: Db, answer: Answer): Promise<void> {
  const [previous] = await db
    .select({ choice: schoolingAnswers.choice })
    .from(schoolingAnswers)
    .where(and(eq(schoolingAnswers.notificationId, answer.notificationId), eq(schoolingAnswers.beneficiaryId, answer.beneficiaryId)))
    .for('update');
  if (previous?.choice === 'UPLOAD') throw new AppError('SCHOOLING_ALREADY_SENT');
  await db
    .insert(schoolingAnswers)
    .values(answer)
    .onConflictDoUpdate({
      target: [schoolingAnswers.notificationId, schoolingAnswers.beneficiaryId],
      set: { choice: answer.choice, requestId: answer.requestId, answeredAt: answer.answeredAt },
    });
}

/**
 * POST /api/schooling-campaign/{beneficiary} (multipart): one child's answer to the schooling campaign.
 * UPLOAD with the certificate under `attachments` becomes a supporting-document request (schooling)
 * through the shared submission (Idempotency-Key: the same form twice is one request); LATER and
 * NOT_SCHOOLED are stored without files.
 * POST /api/exit-survey: why the member goes back to the old insured space; answers its address.
 */
export const campaignsRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock' | 'audit'>> = async (app, { db, clock, audit }) => {
  await acceptMultipart(app);
  // POST /api/portability/proof (portability.ts), in this plugin's multipart scope.
  await portabilityRoutes(app, { db, clock, audit });

  app.post(
    '/schooling-campaign/:beneficiary',
    { config: WRITE_LIMITED, schema: { params: z.object({ beneficiary: z.string() }), response: { 201: dataEnvelope(ZSchoolingAnswerResult) } } },
    async (request, reply) => {
      const session = sessionOf(request);
      const tenant = tenantOf(request);
      const now = clock.now();
      const idempotencyKey = idempotencyKeyOf(request);
      const id = request.params.beneficiary;
      if (!UUID.test(id)) throw new AppError('NOT_FOUND');
      const [child] = await db
        .select({ id: beneficiaries.id, firstName: beneficiaries.firstName, surName: beneficiaries.surName })
        .from(beneficiaries)
        .where(and(eq(beneficiaries.id, id), eq(beneficiaries.memberId, session.memberId), eq(beneficiaries.insured, true), eq(beneficiaries.rank, 'CHILD')));
      if (!child) return request.denyAccess('schooling-child', id);
      const form = await readForm(request, ZSchoolingFields);
      const choice = form.fields.choice;
      const notification = digitalCampaignsOn(tenant.features) ? schoolingNotificationOf(await openNotifications(db, tenant.id, session.memberId)) : null;
      if (!notification) throw new AppError('SCHOOLING_CAMPAIGN_CLOSED');
      const answer = { notificationId: notification.id, beneficiaryId: child.id, choice, answeredAt: now };

      let result: { data: TSchoolingAnswerResult; replayed: boolean };
      if (choice === 'UPLOAD') {
        if (form.files.length === 0) throw new AppError('VALIDATION_FAILED', SCHOOLING_MESSAGES.fileMissing);
        const submitted = await submitRequest(
          db,
          {
            memberId: session.memberId,
            type: 'supporting_document',
            codeName: 'schooling',
            title: 'Certificat de scolarité',
            body: [`Campagne de scolarité ${notification.campaignYear}`, `Bénéficiaire\u00a0: ${child.firstName} ${child.surName}`].join('\n'),
            beneficiaryId: child.id,
            files: form.files,
            fileTypeCode: true,
            // Only on a first submission: a replay answers the stored result without coming here.
            detail: async (tx, requestId) => storeAnswer(tx, { ...answer, requestId }),
          },
          { idempotencyKey, now },
        );
        result = { data: { beneficiaryId: child.id, choice, requestId: submitted.data.requestId }, replayed: submitted.replayed };
      } else {
        if (form.files.length > 0) throw new AppError('VALIDATION_FAILED', SCHOOLING_MESSAGES.filesNotExpected);
        await db.transaction(async (tx) => storeAnswer(tx as unknown as Db, { ...answer, requestId: null }));
        result = { data: { beneficiaryId: child.id, choice, requestId: null }, replayed: false };
      }
      if (!result.replayed) {
        await recordMemberAct(audit, request, 'SCHOOLING_CAMPAIGN_ANSWERED', { beneficiaryId: child.id, choice, campaignYear: notification.campaignYear });
      }
      return sendSubmitted(reply, result);
    },
  );

  app.post(
    '/exit-survey',
    { config: { access: 'member-write' }, schema: { body: ZExitSurvey, response: { 201: dataEnvelope(ZExitSurveyResult) } } },
    async (request, reply) => {
      const session = sessionOf(request);
      const tenant = tenantOf(request);
      const old = tenant.oldInsuredSpace;
      if (!old.enabled || !old.url) throw new AppError('EXIT_SURVEY_UNAVAILABLE');
      await db
        .insert(exitSurveyAnswers)
        .values({ tenantId: tenant.id, memberId: session.memberId, reason: request.body.reason, comment: request.body.comment, createdAt: clock.now() });
      return reply.status(201).send({ data: { url: old.url } });
    },
  );
};
