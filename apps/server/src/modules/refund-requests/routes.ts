import { dataEnvelope } from '@mutua/contracts/api';
import { ZClaimCheckInput, ZClaimCheckResult } from '@mutua/contracts/claim-checks';
import { ERRORS } from '@mutua/contracts/errors';
import { formatEuros } from '@mutua/contracts/french-format';
import {
  documentField,
  REFUND_REQUEST_ERRORS,
  ZSubmissionResult,
  billKindOfCategory,
  refundDocumentsFor,
  refundRequestFieldsSchema,
} from '@mutua/contracts/refund-requests';
import { careTeletransmitted } from '@mutua/contracts/teletransmission-rules';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptMultipart, readForm } from '../../http/multipart';
import { AppError } from '../../lib/app-error';
import { parisDate } from '../../lib/clock';
import { fieldError } from '../../http/validation';
import { sessionOf } from '../../plugins/sessions';
import { canonicalOrigin, tenantOf } from '../../plugins/tenant';
import { teletransmissionOf } from '../account/public';
import { enqueueClaimDecision, wakeClaimDecisions } from '../claim-decisions/public';
import { loadHealthCare } from '../healthcare/public';
import type { AppServices } from '../../core/module';
import { idempotencyKeyOf, requireBeneficiary, sendSubmitted, submitRequest } from '../requests/public';
import { refundRequestDetails } from '../../db/schema';
import { READ, WRITE_LIMITED } from '../../http/access-presets';
import { baseOfClaim, claimWarnings, recordFingerprint, sameInvoiceSentOn } from './checks';

/** The invoice's document: its file identifies the claim (the same file twice is the same invoice). */
const INVOICE_FIELD = documentField('FACTURE_DETAILLEE');

/**
 * POST /api/refund-requests (multipart): act, beneficiary, care date, amount, sessions, comment, and the
 * files of each document under `document.<CODE>`. Becomes a `bill` request of the act family's kind.
 */
export const refundRequestsRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock' | 'audit' | 'jobs' | 'publicUrl'>> = async (
  app,
  { db, clock, jobs, publicUrl },
) => {
  await acceptMultipart(app);

  /**
   * POST /api/refund-requests/check: what the form warns about before sending (the same invoice already
   * sent, an implausible amount), nothing stored. A person not covered on the care date is refused here
   * as at sending.
   */
  app.post('/check', { config: READ, schema: { body: ZClaimCheckInput, response: { 200: dataEnvelope(ZClaimCheckResult) } } }, async (request) => {
    const memberId = sessionOf(request).memberId;
    const input = request.body;
    const beneficiary = await requireBeneficiary(db, memberId, input.familyPosition, REFUND_REQUEST_ERRORS.beneficiary);
    const base = await coveredBase(tenantOf(request).id, memberId, input);
    const sentOn = await sameInvoiceSentOn(db, {
      memberId,
      beneficiaryId: beneficiary.id,
      careDate: input.careDate,
      amountCents: input.amountCents,
      practitioner: input.practitioner,
      invoiceSha256: input.invoiceSha256 ?? null,
    });
    return { data: { warnings: claimWarnings(sentOn, input.amountCents, base) } };
  });

  /** The act's base; a person not covered on the care date is the beneficiary field's error. */
  const coveredBase = async (
    tenantId: string,
    memberId: string,
    claim: { actCode: string; familyPosition: number; careDate: string; amountCents: number; sessions: number },
  ) => {
    try {
      return await baseOfClaim(db, { tenantId, memberId, familyPosition: claim.familyPosition }, claim);
    } catch (error) {
      if (error instanceof AppError && error.code === 'GUARANTEE_NOT_COVERED')
        throw fieldError(ERRORS.GUARANTEE_NOT_COVERED.message, { familyPosition: ERRORS.GUARANTEE_NOT_COVERED.message });
      throw error;
    }
  };

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
    // The person's one teletransmission state (the one home and « Mes bénéficiaires » show) decides the statement.
    const link = (await teletransmissionOf(db, memberId)).find((t) => t.beneficiaryId === beneficiary.id);
    const teletransmitted = link ? careTeletransmitted(link, input.careDate) : false;
    const needs = refundDocumentsFor(act, catalogue.defaultDocuments, teletransmitted);
    const labelOf = new Map(needs.map((d) => [documentField(d.code), d.label]));
    const unknown = form.files.find((f) => !labelOf.has(f.field));
    if (unknown) throw new AppError('VALIDATION_FAILED', REFUND_REQUEST_ERRORS.unexpectedDocument);
    const missing = needs.find((d) => d.required && !form.files.some((f) => f.field === documentField(d.code)));
    if (missing) throw new AppError('VALIDATION_FAILED', `${REFUND_REQUEST_ERRORS.missingDocument}\u00a0: ${missing.label}.`);
    const tenant = tenantOf(request);
    await coveredBase(tenant.id, memberId, input);
    const invoice = form.files.find((f) => f.field === INVOICE_FIELD);
    const identity = {
      memberId,
      beneficiaryId: beneficiary.id,
      careDate: input.careDate,
      amountCents: input.amountCents,
      practitioner: input.practitioner,
      invoiceSha256: invoice?.sha256 ?? null,
    };
    const origin = publicUrl ? publicUrl.replace(/\/+$/, '') : canonicalOrigin(request, tenant);

    const lines = [
      `Nature de l’acte\u00a0: ${act.label}`,
      `Bénéficiaire\u00a0: ${beneficiary.firstName} ${beneficiary.surName}`,
      `Date des soins\u00a0: ${input.careDate.split('-').reverse().join('/')}`,
      `Montant\u00a0: ${formatEuros(input.amountCents)}`,
      `Séances\u00a0: ${input.sessions}`,
      ...(input.practitioner ? [`Professionnel de santé\u00a0: ${input.practitioner}`] : []),
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
          // The same invoice twice is refused here, in the sending transaction: nothing is stored.
          if (identity.invoiceSha256) await recordFingerprint(tx, requestId, { ...identity, invoiceSha256: identity.invoiceSha256 });
          await enqueueClaimDecision(jobs, tx, { requestId, origin });
        },
      },
      { idempotencyKey, now },
    );
    if (!result.replayed) wakeClaimDecisions(jobs);
    return sendSubmitted(reply, result);
  });
};
