import {
  ADVISOR_ANSWER_HOURS,
  CALLBACK_SLOT_ERRORS,
  ZAdvisorMessageInput,
  ZAdvisorSentResponse,
  ZCallbackInput,
  ZCallbackSlotsResponse,
  callbackSlotLabel,
  conversationTranscript,
  type TAdvisorConversation,
  type AdvisorOrigin,
} from '@mutua/contracts/advisor';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppServices } from '../../core/module';
import type { Db } from '../../db/client';
import { advisorContacts, cases } from '../../db/schema';
import { READ, WRITE_LIMITED } from '../../http/access-presets';
import { fieldError } from '../../http/validation';
import { sessionOf } from '../../plugins/sessions';
import { tenantOf } from '../../plugins/tenant';
import { idempotencyKeyOf, sendSubmitted, submitRequest } from '../requests/public';
import { freeCallbackSlots, offeredSlots, slotHasRoom } from './slots';

const paragraphs = (...parts: string[]) => parts.filter(Boolean).join('\n\n');

/**
 * « Parler à un conseiller » (/api/advisor), for a signed-in member (the phone line itself is public,
 * GET /api/phone-line):
 * - GET  /callback-slots: the next free callback slots within the line's hours;
 * - POST /messages: a message to the management centre, the assistant's conversation attached;
 * - POST /callbacks: a callback on one of those slots.
 * Both writes are requests of their own kind in the back office's queue (the thread answers them),
 * idempotent (Idempotency-Key), audited; a read-only staff session is refused by the WRITE preset.
 */
export const advisorRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock' | 'audit'>> = async (app, { db, clock, audit }) => {
  const recordSent = (
    request: FastifyRequest,
    requestId: string,
    details: { channel: 'message' | 'callback'; origin: AdvisorOrigin; turns: number; replayed: boolean },
  ) =>
    audit.record({
      kind: 'ADVISOR_REQUESTED',
      tenantId: tenantOf(request).id,
      memberId: sessionOf(request).memberId,
      ip: request.ip,
      details: { requestId, ...details },
    });

  /** The contact's own row and its deadline in the queue, in the submission's transaction. */
  const contactRow = async (
    tx: Db,
    row: {
      requestId: string;
      tenantId: string;
      memberId: string;
      channel: 'message' | 'callback';
      origin: AdvisorOrigin;
      conversation: TAdvisorConversation;
      callbackAt?: Date;
      phone?: string;
      now: Date;
      dueAt: Date;
    },
  ) => {
    const { dueAt, now, ...contact } = row;
    await tx.insert(advisorContacts).values({ ...contact, createdAt: now });
    // A person was asked for: ahead of the ordinary kinds, due within the adviser's own service level.
    await tx.update(cases).set({ dueAt, priority: 1 }).where(eq(cases.requestId, row.requestId));
  };

  app.get('/callback-slots', { config: READ, schema: { response: { 200: ZCallbackSlotsResponse } } }, async (request) => ({
    data: { slots: await freeCallbackSlots(db, tenantOf(request).id, clock.now()) },
  }));

  app.post('/messages', { config: WRITE_LIMITED, schema: { body: ZAdvisorMessageInput, response: { 201: ZAdvisorSentResponse } } }, async (request, reply) => {
    const { memberId } = sessionOf(request);
    const tenantId = tenantOf(request).id;
    const { message, conversation, origin } = request.body;
    const now = clock.now();
    const title = 'Parler à un conseiller';
    const result = await submitRequest(
      db,
      {
        memberId,
        type: 'message',
        codeName: 'advisor_message',
        title,
        body: paragraphs(message || 'Je souhaite parler à un conseiller.', conversationTranscript(conversation)),
        beneficiaryId: null,
        files: [],
        detail: async (tx, requestId) => {
          await contactRow(tx, {
            requestId,
            tenantId,
            memberId,
            channel: 'message',
            origin,
            conversation,
            now,
            dueAt: new Date(now.getTime() + ADVISOR_ANSWER_HOURS * 3_600_000),
          });
          return { title, callbackAt: null };
        },
      },
      { idempotencyKey: idempotencyKeyOf(request), now },
    );
    await recordSent(request, result.data.requestId, { channel: 'message', origin, turns: conversation.length, replayed: result.replayed });
    return sendSubmitted(reply, { ...result, data: { requestId: result.data.requestId, title, callbackAt: null } });
  });

  app.post('/callbacks', { config: WRITE_LIMITED, schema: { body: ZCallbackInput, response: { 201: ZAdvisorSentResponse } } }, async (request, reply) => {
    const { memberId } = sessionOf(request);
    const tenantId = tenantOf(request).id;
    const { phone, message, conversation, origin } = request.body;
    const now = clock.now();
    const slot = new Date(request.body.slot);
    // Read before the transaction (PGlite runs one at a time); checked in it, so a replay is answered first.
    const offered = await offeredSlots(db, tenantId, now);
    const label = callbackSlotLabel(slot);
    const title = `Rappel le ${label}`;
    const result = await submitRequest(
      db,
      {
        memberId,
        type: 'message',
        codeName: 'advisor_callback',
        title,
        body: paragraphs(`Rappel souhaité le ${label} au ${phone}.`, message, conversationTranscript(conversation)),
        beneficiaryId: null,
        files: [],
        detail: async (tx, requestId) => {
          if (!offered.some((s) => s.getTime() === slot.getTime()))
            throw fieldError(CALLBACK_SLOT_ERRORS.notOffered, { slot: CALLBACK_SLOT_ERRORS.notOffered });
          if (!(await slotHasRoom(tx, tenantId, slot))) throw fieldError(CALLBACK_SLOT_ERRORS.full, { slot: CALLBACK_SLOT_ERRORS.full });
          await contactRow(tx, { requestId, tenantId, memberId, channel: 'callback', origin, conversation, callbackAt: slot, phone, now, dueAt: slot });
          return { title, callbackAt: slot.toISOString() };
        },
      },
      { idempotencyKey: idempotencyKeyOf(request), now },
    );
    await recordSent(request, result.data.requestId, { channel: 'callback', origin, turns: conversation.length, replayed: result.replayed });
    return sendSubmitted(reply, {
      ...result,
      data: { requestId: result.data.requestId, title: result.data.title ?? title, callbackAt: result.data.callbackAt ?? slot.toISOString() },
    });
  });
};
