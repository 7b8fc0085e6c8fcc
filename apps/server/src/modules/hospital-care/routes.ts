import { dataEnvelope } from '@mutua/contracts/api';
import { HOSPITAL_CARE_FORM_ERRORS, ZEstablishment, ZEstablishmentQuery, hospitalCareRequestSchema } from '@mutua/contracts/hospital-care';
import { ZSubmissionResult } from '@mutua/contracts/refund-requests';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { establishments, hospitalCareDetails, hospitalizationTypes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { parisDate } from '../../lib/clock';
import { sessionOf } from '../../plugins/sessions';
import { tenantOf } from '../../plugins/tenant';
import type { AppServices } from '../../core/module';
import { idempotencyKeyOf, sendSubmitted } from '../requests/public';
import { requireBeneficiary, submitRequest } from '../requests/public';
import { searchEstablishments } from './search';
import { WRITE_LIMITED } from '../../http/access-presets';

const frDate = (iso: string) => iso.split('-').reverse().join('/');

/**
 * GET /api/establishments?q=: the directory searched by name or FINESS (word prefixes, 20 at most).
 * POST /api/hospital-care-requests (JSON): a hospital coverage request, a `message` request of code
 * hospital_care (10019), with its details; Idempotency-Key honoured.
 */
export const hospitalCareRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock'>> = async (app, { db, clock }) => {
  app.get(
    '/establishments',
    { config: { access: 'member' }, schema: { querystring: ZEstablishmentQuery, response: { 200: dataEnvelope(z.array(ZEstablishment)) } } },
    async (request) => ({ data: await searchEstablishments(db, request.query.q) }),
  );

  app.post('/hospital-care-requests', { config: WRITE_LIMITED, schema: { response: { 201: dataEnvelope(ZSubmissionResult) } } }, async (request, reply) => {
    const memberId = sessionOf(request).memberId;
    const now = clock.now();
    const parsed = hospitalCareRequestSchema(parisDate(now)).safeParse(request.body ?? {});
    if (!parsed.success) throw new AppError('VALIDATION_FAILED', parsed.error.issues[0]!.message);
    const input = parsed.data;
    const beneficiary = await requireBeneficiary(db, memberId, input.familyPosition, HOSPITAL_CARE_FORM_ERRORS.beneficiary);
    const [type] = await db
      .select({ label: hospitalizationTypes.label })
      .from(hospitalizationTypes)
      .where(and(eq(hospitalizationTypes.tenantId, tenantOf(request).id), eq(hospitalizationTypes.code, input.hospitalizationType)));
    if (!type) throw new AppError('VALIDATION_FAILED', HOSPITAL_CARE_FORM_ERRORS.hospitalizationType);
    let establishment: { id: string | null; name: string; finess: string; adeli: string | null };
    if (input.establishmentId) {
      const [row] = await db
        .select({ id: establishments.id, name: establishments.name, finess: establishments.finess })
        .from(establishments)
        .where(eq(establishments.id, input.establishmentId));
      if (!row) throw new AppError('VALIDATION_FAILED', HOSPITAL_CARE_FORM_ERRORS.establishment);
      establishment = { ...row, adeli: null };
    } else {
      const manual = input.manualEstablishment!;
      establishment = { id: null, name: manual.name, finess: manual.finess, adeli: manual.adeli || null };
    }
    const body = [
      `Personne hospitalisée\u00a0: ${beneficiary.firstName} ${beneficiary.surName}`,
      `Date d’admission\u00a0: ${frDate(input.admissionDate)}`,
      ...(input.releaseDate ? [`Date de sortie\u00a0: ${frDate(input.releaseDate)}`] : []),
      ...(input.durationDays !== '' ? [`Durée\u00a0: ${input.durationDays} jour(s)`] : []),
      `Type d’hospitalisation\u00a0: ${type.label}`,
      ...(input.dmt ? [`Code DMT\u00a0: ${input.dmt}`] : []),
      `Établissement\u00a0: ${establishment.name} (FINESS ${establishment.finess}${establishment.adeli ? `, Adeli ${establishment.adeli}` : ''})`,
      `Nature de l’acte\u00a0: ${input.act}`,
      ...(input.comment ? [`Commentaire\u00a0: ${input.comment}`] : []),
    ];
    const result = await submitRequest(
      db,
      {
        memberId,
        type: 'message',
        codeName: 'hospital_care',
        title: 'Demande de prise en charge hospitalière',
        body: body.join('\n'),
        beneficiaryId: beneficiary.id,
        files: [],
        detail: async (tx, requestId) => {
          await tx.insert(hospitalCareDetails).values({
            requestId,
            admissionDate: input.admissionDate,
            releaseDate: input.releaseDate || null,
            dmt: input.dmt || null,
            hospitalizationType: input.hospitalizationType,
            establishmentId: establishment.id,
            establishmentName: establishment.name,
            establishmentFiness: establishment.finess,
            establishmentAdeli: establishment.adeli,
            act: input.act,
            comment: input.comment,
            durationDays: input.durationDays === '' ? null : input.durationDays,
          });
        },
      },
      { idempotencyKey: idempotencyKeyOf(request), now },
    );
    return sendSubmitted(reply, result);
  });
};
