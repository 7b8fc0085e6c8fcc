import { z } from 'zod';
import { dataEnvelope } from './api';
import { frenchPublicHolidays } from './complaints';
import { addDaysIso, parisIsoDate, weekdayIso } from './dates';
import { FRENCH_MONTHS, inParis } from './french-format';
import { frenchTime, type OpenDay } from './phone-line';
import { ADVISOR_REQUEST_KINDS } from './advisor-request-kinds';

/*
 * « Parler à un conseiller »: a consumer facing an automated channel (the assistant, an automatic claim
 * decision, a form) may always reach a person. Three ways: a message to the management centre (with the
 * assistant's conversation attached), a callback within the phone line's hours, or the line itself.
 */

/** The request kinds the two written ways create: the back office's queue lists them with their own deadline. */
export const ADVISOR_MESSAGE_CODE = ADVISOR_REQUEST_KINDS.kinds.advisor_message.typeCode;
export const ADVISOR_CALLBACK_CODE = ADVISOR_REQUEST_KINDS.kinds.advisor_callback.typeCode;

/** Service level of a message to an adviser: answered within this many hours (the queue's deadline). */
export const ADVISOR_ANSWER_HOURS = 24;
export const ADVISOR_ANSWER_PROMISE = 'Un conseiller vous répond sous 24\u00a0heures dans vos demandes.';

/** Callback slots: half an hour each, a few callbacks per slot, never sooner than an hour from now. */
export const CALLBACK_SLOT_MINUTES = 30;
export const CALLBACKS_PER_SLOT = 3;
export const CALLBACK_LEAD_MINUTES = 60;
/** How many of the line's open days ahead the member may choose from. */
export const CALLBACK_OPEN_DAYS = 5;

/** Where the member asked for a person: the automated step she was on. */
export const ADVISOR_ORIGINS = ['assistant', 'automatic_decision', 'form', 'page'] as const;
export type AdvisorOrigin = (typeof ADVISOR_ORIGINS)[number];

export const ADVISOR_MESSAGE_MAX = 2000;

/** The slot refusals (a field's message: the member picks another one). */
export const CALLBACK_SLOT_ERRORS = {
  notOffered: 'Ce créneau ne fait pas partie des créneaux proposés : choisissez-en un dans la liste.',
  full: 'Ce créneau vient d’être complet : choisissez-en un autre.',
} as const;
const CONVERSATION_TURNS_MAX = 30;

/** The assistant's conversation as its panel hands it over (history state), attached to the message. */
export const ZAdvisorConversation = z
  .array(
    z.object({
      question: z.string().trim().min(1).max(500),
      answers: z.array(z.string().trim().max(2000)).max(5),
    }),
  )
  .max(CONVERSATION_TURNS_MAX, `La conversation jointe ne peut dépasser ${CONVERSATION_TURNS_MAX}\u00a0questions.`);
export type TAdvisorConversation = z.infer<typeof ZAdvisorConversation>;

const ZOrigin = z.enum(ADVISOR_ORIGINS, { error: 'Origine de la demande inconnue.' });

/** POST /api/advisor/messages: what the member writes; with a conversation attached the words may stay empty. */
export const ZAdvisorMessageInput = z
  .object({
    message: z.string().trim().max(ADVISOR_MESSAGE_MAX, `Votre message ne doit pas dépasser ${ADVISOR_MESSAGE_MAX}\u00a0caractères.`),
    conversation: ZAdvisorConversation.default([]),
    origin: ZOrigin.default('page'),
  })
  .refine((input) => input.message.length >= 10 || (input.conversation.length > 0 && input.message.length === 0), {
    message: 'Décrivez votre demande en quelques mots (au moins 10\u00a0caractères).',
    path: ['message'],
  });
export type TAdvisorMessageInput = z.input<typeof ZAdvisorMessageInput>;

const FRENCH_PHONE = /^(\+33\s?|0)[1-9](\s?\d{2}){4}$/;

/** POST /api/advisor/callbacks: one of the offered slots, the number to call and, optionally, why. */
export const ZCallbackInput = z.object({
  slot: z.iso.datetime({ error: 'Choisissez un créneau de rappel.' }),
  phone: z.string().trim().regex(FRENCH_PHONE, 'Saisissez un numéro de téléphone français (10\u00a0chiffres).'),
  message: z.string().trim().max(500, 'Votre message ne doit pas dépasser 500\u00a0caractères.').default(''),
  conversation: ZAdvisorConversation.default([]),
  origin: ZOrigin.default('page'),
});
export type TCallbackInput = z.input<typeof ZCallbackInput>;

export const ZCallbackSlot = z.object({ start: z.string(), label: z.string() });
export type TCallbackSlot = z.infer<typeof ZCallbackSlot>;
/** GET /api/advisor/callback-slots: the next free slots, earliest first (empty when the line is closed for days). */
export const ZCallbackSlotsResponse = dataEnvelope(z.object({ slots: z.array(ZCallbackSlot) }));

/** What either way answers: the request the member follows in « Mes demandes ». */
export const ZAdvisorSent = z.object({ requestId: z.uuid(), title: z.string(), callbackAt: z.string().nullable() });
export type TAdvisorSent = z.infer<typeof ZAdvisorSent>;
export const ZAdvisorSentResponse = dataEnvelope(ZAdvisorSent);

// ───────────────────────────── callback slots ─────────────────────────────

/** Minutes France is ahead of UTC at `at` (60 in winter, 120 in summer). */
function parisOffsetMinutes(at: number): number {
  const p = inParis(new Date(at));
  return (Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute) - Math.floor(at / 60_000) * 60_000) / 60_000;
}

/** The instant of a time of day in France (« 2026-11-27 », « 08:30 »). */
export function parisInstant(isoDate: string, hhmm: string): Date {
  const [y, m, d] = isoDate.split('-').map(Number);
  const [h, min] = hhmm.split(':').map(Number);
  const asUtc = Date.UTC(y!, m! - 1, d!, h!, min!);
  const guess = asUtc - parisOffsetMinutes(asUtc) * 60_000;
  return new Date(asUtc - parisOffsetMinutes(guess) * 60_000);
}

const WEEKDAYS = ['dimanche', 'lundi', 'mardi', 'mercredi', 'jeudi', 'vendredi', 'samedi'] as const;

/** « vendredi 27 novembre à 10 h 30 » (French time). */
export function callbackSlotLabel(start: Date): string {
  const day = parisIsoDate(start);
  const [, m, d] = day.split('-').map(Number);
  const offset = parisOffsetMinutes(start.getTime());
  const local = new Date(start.getTime() + offset * 60_000);
  const hhmm = `${String(local.getUTCHours()).padStart(2, '0')}:${String(local.getUTCMinutes()).padStart(2, '0')}`;
  const time = frenchTime(hhmm).replace(/\u00a0h$/, '\u00a0h\u00a000');
  return `${WEEKDAYS[weekdayIso(day)]} ${d === 1 ? '1er' : d} ${FRENCH_MONTHS[m! - 1]} à ${time}`;
}

/**
 * The callback slots from `now`: every half hour of the line's open days (1 = Monday … 7 = Sunday), in
 * French time, public holidays skipped, starting at least an hour ahead and ending by closing time,
 * over the next CALLBACK_OPEN_DAYS open days. The server removes the full ones.
 */
export function callbackSlots(days: readonly OpenDay[], now: Date, openDays = CALLBACK_OPEN_DAYS): Date[] {
  if (days.length === 0) return [];
  const earliest = now.getTime() + CALLBACK_LEAD_MINUTES * 60_000;
  const slots: Date[] = [];
  let day = parisIsoDate(now);
  for (let seen = 0, tries = 0; seen < openDays && tries < 60; tries++, day = addDaysIso(day, 1)) {
    const weekday = weekdayIso(day) || 7;
    const hours = days.find((d) => d.dayOfWeek === weekday);
    if (!hours || frenchPublicHolidays(Number(day.slice(0, 4))).has(day)) continue;
    const closes = parisInstant(day, hours.closesAt).getTime();
    const before = slots.length;
    for (let t = parisInstant(day, hours.opensAt).getTime(); t + CALLBACK_SLOT_MINUTES * 60_000 <= closes; t += CALLBACK_SLOT_MINUTES * 60_000) {
      if (t >= earliest) slots.push(new Date(t));
    }
    if (slots.length > before) seen++;
  }
  return slots;
}

/** The text the management centre reads: the member's words, then the conversation with the assistant. */
export function conversationTranscript(conversation: TAdvisorConversation): string {
  if (conversation.length === 0) return '';
  const turns = conversation.map((turn) => [`Question\u00a0: ${turn.question}`, ...turn.answers.map((a) => `Réponse de l’assistant\u00a0: ${a}`)].join('\n'));
  return `Conversation avec l’assistant\u00a0:\n\n${turns.join('\n\n')}`;
}
