import { dataEnvelope } from '@mutua/contracts/api';
import { formatEuros } from '@mutua/contracts/french-format';
import {
  QUOTE_ERRORS,
  QUOTE_NATURE_KINDS,
  QUOTE_NATURE_LABELS,
  ZQuoteCheckRequest,
  ZQuoteCheckResult,
  checkQuote,
  quoteFieldsSchema,
  quoteLinesOf,
} from '@mutua/contracts/quotes';
import { ZSubmissionResult } from '@mutua/contracts/refund-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { quoteDetails } from '../../db/schema';
import { acceptMultipart, readForm } from '../../http/multipart';
import { AppError } from '../../lib/app-error';
import { parisDate } from '../../lib/clock';
import { sessionOf } from '../../plugins/sessions';
import type { AppServices } from '../../core/module';
import { idempotencyKeyOf, sendSubmitted } from '../requests/public';
import { requireBeneficiary, submitRequest } from '../requests/public';
import { WRITE_LIMITED } from '../../http/access-presets';

/**
 * POST /api/quotes/check (JSON): the 100 % Santé findings on a quote's lines, nothing stored.
 * POST /api/quotes (multipart): nature, beneficiary, date, amount, comment, optional lines (JSON), files
 * under `attachments` (at least one). A `quotation` request; the findings are kept with it.
 */
export const quotesRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock'>> = async (app, { db, clock }) => {
  await acceptMultipart(app);

  app.post(
    '/check',
    { config: { access: 'member' }, schema: { body: ZQuoteCheckRequest, response: { 200: dataEnvelope(ZQuoteCheckResult) } } },
    async (request) => ({
      data: checkQuote(request.body, parisDate(clock.now())),
    }),
  );

  app.post(
    '/',
    { config: WRITE_LIMITED, schema: { response: { 201: dataEnvelope(ZSubmissionResult.extend({ findings: ZQuoteCheckResult.shape.findings })) } } },
    async (request, reply) => {
      const memberId = sessionOf(request).memberId;
      const now = clock.now();
      const idempotencyKey = idempotencyKeyOf(request);
      const today = parisDate(now);
      const form = await readForm(request, quoteFieldsSchema(today));
      const input = form.fields;
      const beneficiary = await requireBeneficiary(db, memberId, input.familyPosition, QUOTE_ERRORS.beneficiary);
      const lines = quoteLinesOf(input.nature, input.lines);
      if (lines === 'invalid') throw new AppError('VALIDATION_FAILED', QUOTE_ERRORS.lines);
      if (form.files.length === 0) throw new AppError('VALIDATION_FAILED', QUOTE_ERRORS.files);
      const findings = lines ? checkQuote(lines, today).findings : [];
      const body = [
        `Devis\u00a0: ${QUOTE_NATURE_LABELS[input.nature]}`,
        `Bénéficiaire\u00a0: ${beneficiary.firstName} ${beneficiary.surName}`,
        `Date du devis\u00a0: ${input.quoteDate.split('-').reverse().join('/')}`,
        `Montant\u00a0: ${formatEuros(input.amountCents)}`,
        ...(input.comment ? [`Commentaire\u00a0: ${input.comment}`] : []),
        ...(findings.length ? ['Vérification 100 % Santé\u00a0:', ...findings.map((f) => `– ${f.message}`)] : []),
      ];
      const result = await submitRequest(
        db,
        {
          memberId,
          type: 'quotation',
          codeName: QUOTE_NATURE_KINDS[input.nature],
          title: `Devis ${QUOTE_NATURE_LABELS[input.nature].toLowerCase()}`,
          body: body.join('\n'),
          beneficiaryId: beneficiary.id,
          files: form.files,
          detail: async (tx, requestId) => {
            await tx
              .insert(quoteDetails)
              .values({ requestId, nature: input.nature, quoteDate: input.quoteDate, amountCents: input.amountCents, comment: input.comment, lines, findings });
            return { findings };
          },
        },
        { idempotencyKey, now },
      );
      return sendSubmitted(reply, result);
    },
  );
};
