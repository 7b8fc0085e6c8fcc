import { DOCUMENT_FIELD_PREFIX, REFUND_REQUEST_ERRORS, ZSubmissionResult, billKindOfCategory, dataEnvelope, formatEuros, refundDocumentsFor, refundRequestFieldsSchema } from '@mutua/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptMultipart, readForm } from '../../http/multipart';
import { AppError } from '../../lib/app-error';
import { parisDate } from '../../lib/clock';
import { sessionOf } from '../../plugins/sessions';
import { tenantOf } from '../../plugins/tenant';
import { loadHealthCare } from '../healthcare/public';
import type { AppServices } from '../../core/module';
import { idempotencyKeyOf, requireBeneficiary, sendSubmitted, submitRequest } from '../requests/public';
import { refundRequestDetails } from '../../db/schema';
import { WRITE_LIMITED } from '../../http/access-presets';

/**
 * POST /api/refund-requests (multipart): act, beneficiary, care date, amount, sessions, comment, and the
 * files of each document under `document.<CODE>`. Becomes a `bill` request of the act family's kind.
 */
export const refundRequestsRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock' | 'audit'>> = async (app, { db, clock }) => {
  await acceptMultipart(app);

  app.post('/', { config: WRITE_LIMITED, schema: { response: { 201: dataEnvelope(ZSubmissionResult) } } }, async (request, reply) => {
    const memberId = sessionOf(request).memberId;
    const now = clock.now();
    const idempotencyKey = idempotencyKeyOf(request);
    const form = await readForm(request, refundRequestFieldsSchema(parisDate(now)));
    const input = form.fields;
    const catalogue = await loadHealthCare(db, tenantOf(request).id);
    const act = catalogue.allActs.find((a) => a.code === input.actCode);
    if (!act) throw new AppError('VALIDATION_FAILED', REFUND_REQUEST_ERRORS.act);
    const beneficiary = await requireBeneficiary(db, memberId, input.familyPosition, REFUND_REQUEST_ERRORS.beneficiary);
    const needs = refundDocumentsFor(act, catalogue.defaultDocuments);
    const labelOf = new Map(needs.map((d) => [`${DOCUMENT_FIELD_PREFIX}${d.code}`, d.label]));
    const unknown = form.files.find((f) => !labelOf.has(f.field));
    if (unknown) throw new AppError('VALIDATION_FAILED', REFUND_REQUEST_ERRORS.unexpectedDocument);
    const missing = needs.find((d) => d.required && !form.files.some((f) => f.field === `${DOCUMENT_FIELD_PREFIX}${d.code}`));
    if (missing) throw new AppError('VALIDATION_FAILED', `${REFUND_REQUEST_ERRORS.missingDocument}\u00a0: ${missing.label}.`);

    const lines = [
      `Nature de l’acte\u00a0: ${act.label}`,
      `Bénéficiaire\u00a0: ${beneficiary.firstName} ${beneficiary.surName}`,
      `Date des soins\u00a0: ${input.careDate.split('-').reverse().join('/')}`,
      `Montant\u00a0: ${formatEuros(input.amountCents)}`,
      `Séances\u00a0: ${input.sessions}`,
      ...(input.comment ? [`Commentaire\u00a0: ${input.comment}`] : []),
    ];
    const result = await submitRequest(
      db,
      {
        memberId,
        type: 'bill',
        codeName: billKindOfCategory(act.category),
        title: `Demande de remboursement – ${act.label}`,
        body: lines.join('\n'),
        beneficiaryId: beneficiary.id,
        files: form.files.map((f) => ({ ...f, label: labelOf.get(f.field) })),
        detail: async (tx, requestId) => {
          await tx.insert(refundRequestDetails).values({
            requestId,
            actCode: act.code,
            careDate: input.careDate,
            amountCents: input.amountCents,
            sessions: input.sessions,
            comment: input.comment,
          });
        },
      },
      { idempotencyKey, now },
    );
    return sendSubmitted(reply, result);
  });
};
