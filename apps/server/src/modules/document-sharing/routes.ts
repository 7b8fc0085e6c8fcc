import { dataEnvelope } from '@mutua/contracts/api';
import { DOCUMENT_SHARING_ERRORS, SHARED_DOCUMENT_TYPE_INFO, ZDocumentSharingFields, sharedDocumentTypesFor } from '@mutua/contracts/document-sharing';
import { ZSubmissionResult } from '@mutua/contracts/refund-requests';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { documentSharingDetails } from '../../db/schema';
import { acceptMultipart, readForm } from '../../http/multipart';
import { AppError } from '../../lib/app-error';
import { parisDate } from '../../lib/clock';
import { sessionOf } from '../../plugins/sessions';
import type { AppServices } from '../../core/module';
import { idempotencyKeyOf, sendSubmitted } from '../requests/public';
import { requireBeneficiary, submitRequest } from '../requests/public';
import { WRITE_LIMITED } from '../../http/access-presets';

/**
 * POST /api/document-sharing (multipart): beneficiary, document type (among those offered for that
 * beneficiary's rank and age), comment, files under `attachments` (at least one).
 */
export const documentSharingRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock'>> = async (app, { db, clock }) => {
  await acceptMultipart(app);

  app.post('/', { config: WRITE_LIMITED, schema: { response: { 201: dataEnvelope(ZSubmissionResult) } } }, async (request, reply) => {
    const memberId = sessionOf(request).memberId;
    const now = clock.now();
    const idempotencyKey = idempotencyKeyOf(request);
    const form = await readForm(request, ZDocumentSharingFields);
    const input = form.fields;
    const beneficiary = await requireBeneficiary(db, memberId, input.familyPosition, DOCUMENT_SHARING_ERRORS.beneficiary);
    if (!sharedDocumentTypesFor(beneficiary, parisDate(now)).includes(input.documentType))
      throw new AppError('VALIDATION_FAILED', DOCUMENT_SHARING_ERRORS.typeNotOffered);
    if (form.files.length === 0) throw new AppError('VALIDATION_FAILED', DOCUMENT_SHARING_ERRORS.files);
    const info = SHARED_DOCUMENT_TYPE_INFO[input.documentType];
    const lines = [
      `Document\u00a0: ${info.label}`,
      `Bénéficiaire\u00a0: ${beneficiary.firstName} ${beneficiary.surName}`,
      ...(input.comment ? [`Commentaire\u00a0: ${input.comment}`] : []),
    ];
    const result = await submitRequest(
      db,
      {
        memberId,
        type: info.kind.type,
        codeName: info.kind.codeName,
        title: info.label,
        body: lines.join('\n'),
        beneficiaryId: beneficiary.id,
        files: form.files,
        fileTypeCode: true,
        detail: async (tx, requestId) => {
          await tx.insert(documentSharingDetails).values({ requestId, documentType: input.documentType, comment: input.comment });
        },
      },
      { idempotencyKey, now },
    );
    return sendSubmitted(reply, result);
  });
};
