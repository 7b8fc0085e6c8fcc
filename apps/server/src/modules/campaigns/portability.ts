import { dataEnvelope } from '@mutua/contracts/api';
import {
  PORTABILITY_MESSAGES,
  ZPortabilityProofFields,
  ZPortabilityProofResult,
  portabilityFor,
  type TPortability,
  type TPortabilityProofResult,
} from '@mutua/contracts/portability';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { recordMemberAct } from '../auth/public';
import type { Db } from '../../db/client';
import { portabilityPeriods, portabilityProofs } from './schema';
import { readForm } from '../../http/multipart';
import { AppError } from '../../lib/app-error';
import { parisDate } from '../../lib/clock';
import { sessionOf } from '../../plugins/sessions';
import { tenantOf } from '../../plugins/tenant';
import type { AppServices, MemberContext } from '../../core/module';
import { submitRequest } from '../requests/public';
import { idempotencyKeyOf, sendSubmitted } from '../requests/public';
import { digitalCampaignsOn } from './loaders';
import { WRITE_LIMITED } from '../../http/access-presets';

/** The member's latest portability with the months whose proof was received, and the case that applies today. */
export async function portabilityOf(
  db: Db,
  input: { tenantId: string; memberId: string; enabled: boolean; now: Date },
): Promise<{ id: string; portability: TPortability } | null> {
  if (!input.enabled) return null;
  const [period] = await db
    .select({ id: portabilityPeriods.id, collectiveStart: portabilityPeriods.collectiveStart, collectiveEnd: portabilityPeriods.collectiveEnd })
    .from(portabilityPeriods)
    .where(and(eq(portabilityPeriods.tenantId, input.tenantId), eq(portabilityPeriods.memberId, input.memberId)))
    .orderBy(desc(portabilityPeriods.collectiveEnd))
    .limit(1);
  if (!period) return null;
  const proofs = await db.select({ month: portabilityProofs.month }).from(portabilityProofs).where(eq(portabilityProofs.portabilityId, period.id));
  const portability = portabilityFor({ enabled: true, period, proofMonths: new Set(proofs.map((p) => p.month)), today: parisDate(input.now) });
  return portability ? { id: period.id, portability } : null;
}

/** portability of the global details: the France Travail popup's case, or null. */
export const loadPortability = async (ctx: MemberContext): Promise<TPortability | null> =>
  (
    await portabilityOf(ctx.db, {
      tenantId: ctx.tenant.id,
      memberId: ctx.session.memberId,
      enabled: digitalCampaignsOn(ctx.tenant.features),
      now: ctx.clock.now(),
    })
  )?.portability ?? null;

/**
 * POST /api/portability/proof (multipart, files under `attachments`): this month's France Travail proof,
 * which becomes a supporting-document request (employment_center) through the shared submission
 * (Idempotency-Key: the same form twice is one request) and marks the month received. 400 without a
 * file; 409 when no proof is due (no portability running, or this month's already received).
 */
export const portabilityRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock' | 'audit'>> = async (app, { db, clock, audit }) => {
  app.post('/portability/proof', { config: WRITE_LIMITED, schema: { response: { 201: dataEnvelope(ZPortabilityProofResult) } } }, async (request, reply) => {
    const session = sessionOf(request);
    const tenant = tenantOf(request);
    const now = clock.now();
    const idempotencyKey = idempotencyKeyOf(request);
    const form = await readForm(request, ZPortabilityProofFields);
    if (form.files.length === 0) throw new AppError('VALIDATION_FAILED', PORTABILITY_MESSAGES.fileMissing);
    const due = await portabilityOf(db, { tenantId: tenant.id, memberId: session.memberId, enabled: digitalCampaignsOn(tenant.features), now });
    // A replay of a proof already stored answers its first result (submitRequest) rather than 409.
    const month = due?.portability.month ?? parisDate(now).slice(0, 7);
    const submitted = await submitRequest<{ month: string }>(
      db,
      {
        memberId: session.memberId,
        type: 'supporting_document',
        codeName: 'employment_center',
        title: 'Justificatif d’indemnisation France Travail',
        body: `Portabilité des droits\u00a0: justificatif France Travail de ${month}`,
        beneficiaryId: null,
        files: form.files,
        fileTypeCode: true,
        // Only on a first submission (a replay answers the stored result): no proof due → 409, nothing stored.
        detail: async (tx, requestId) => {
          if (!due) throw new AppError('PORTABILITY_PROOF_NOT_DUE');
          await tx.insert(portabilityProofs).values({ portabilityId: due.id, month, requestId, sentAt: now });
          return { month };
        },
      },
      { idempotencyKey, now },
    );
    if (!submitted.replayed) {
      await recordMemberAct(audit, request, 'PORTABILITY_PROOF_SENT', { month, requestId: submitted.data.requestId });
    }
    const data: TPortabilityProofResult = { requestId: submitted.data.requestId, month: submitted.data.month ?? month };
    return sendSubmitted(reply, { data, replayed: submitted.replayed });
  });
};
