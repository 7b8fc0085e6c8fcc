import { dataEnvelope } from '@mutua/contracts/api';
import { PAYMENT_SCHEDULE_RESEND_HOURS, PAYMENT_SCHEDULE_TEXTS, ZPaymentScheduleState, type TPaymentScheduleState } from '@mutua/contracts/documents';
import { ZSubmissionResult } from '@mutua/contracts/refund-requests';
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Db } from '../../db/client';
import { contracts, requests } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { parisDate } from '../../lib/clock';
import { sessionOf } from '../../plugins/sessions';
import type { AppServices } from '../../core/module';
import { idempotencyKeyOf, sendSubmitted } from '../requests/public';
import { submitRequest, typeCodeOf } from '../requests/public';
import { WRITE_LIMITED } from '../../http/access-presets';

/**
 * Individually debited contributions: the member holds an ongoing INDIVIDUAL contract (a collective
 * contract's contributions go through the employer, who hands out the schedule).
 */
async function scheduleState(db: Db, memberId: string, now: Date): Promise<TPaymentScheduleState> {
  const today = parisDate(now);
  const [individual] = await db
    .select({ id: contracts.id })
    .from(contracts)
    .where(and(eq(contracts.memberId, memberId), eq(contracts.kind, 'INDIVIDUAL'), or(isNull(contracts.outgoingDate), gt(contracts.outgoingDate, today))))
    .limit(1);
  const typeCode = await typeCodeOf(db, 'message', 'membership_fee_timeline');
  const [last] = await db
    .select({ at: requests.createdAt })
    .from(requests)
    .where(and(eq(requests.memberId, memberId), eq(requests.typeCode, typeCode)))
    .orderBy(desc(requests.createdAt))
    .limit(1);
  const again = last ? new Date(last.at.getTime() + PAYMENT_SCHEDULE_RESEND_HOURS * 3_600_000) : null;
  return {
    offered: Boolean(individual),
    lastRequestedAt: last ? last.at.toISOString() : null,
    availableAgainAt: again && again > now ? again.toISOString() : null,
  };
}

/**
 * GET /api/payment-schedule: offered or not, and when it may be asked again.
 * POST /api/payment-schedule/resend: a `message` request 10022 (membership_fee_timeline) asking that the
 * schedule be sent by post within 24 hours; only for individually debited contributions, once per 24 hours.
 */
export const scheduleByPostRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock'>> = async (app, { db, clock }) => {
  app.get('/', { config: { access: 'member' }, schema: { response: { 200: dataEnvelope(ZPaymentScheduleState) } } }, async (request) => ({
    data: await scheduleState(db, sessionOf(request).memberId, clock.now()),
  }));

  app.post('/resend', { config: WRITE_LIMITED, schema: { response: { 201: dataEnvelope(ZSubmissionResult) } } }, async (request, reply) => {
    const memberId = sessionOf(request).memberId;
    const now = clock.now();
    const idempotencyKey = idempotencyKeyOf(request);
    const state = await scheduleState(db, memberId, now);
    if (!state.offered) throw new AppError('VALIDATION_FAILED', PAYMENT_SCHEDULE_TEXTS.notIndividual);
    // Within 24 hours of the last ask: refused (a retry of the same sent form included: it was received).
    if (state.availableAgainAt) throw new AppError('RATE_LIMITED', PAYMENT_SCHEDULE_TEXTS.already);
    const result = await submitRequest(
      db,
      {
        memberId,
        type: 'message',
        codeName: 'membership_fee_timeline',
        title: 'Envoi de l’échéancier de cotisations par courrier',
        body: 'Merci de m’envoyer mon échéancier de cotisations par courrier.',
        beneficiaryId: null,
        files: [],
      },
      { idempotencyKey, now },
    );
    return sendSubmitted(reply, result);
  });
};
