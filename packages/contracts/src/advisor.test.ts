import { describe, expect, it } from 'vitest';
import { ZAdvisorMessageInput, callbackSlotLabel, callbackSlots, conversationTranscript, parisInstant } from './advisor';
import { canReplyToRequest, defaultRequestTypes, timelineStepsOf } from './request-kinds';

const weekdays = [1, 2, 3, 4, 5].map((dayOfWeek) => ({ dayOfWeek, opensAt: '08:30', closesAt: '18:00' }));

describe('callback slots', () => {
  it('are French time on both sides of the clock change', () => {
    expect(parisInstant('2026-07-01', '08:30').toISOString()).toBe('2026-07-01T06:30:00.000Z');
    expect(parisInstant('2026-12-01', '08:30').toISOString()).toBe('2026-12-01T07:30:00.000Z');
    // Sunday 25 October 2026, 3 h back to 2 h: Monday's first slot is already winter time.
    const slots = callbackSlots(weekdays, new Date('2026-10-23T20:00:00Z'), 1);
    expect(slots[0]!.toISOString()).toBe('2026-10-26T07:30:00.000Z');
    expect(callbackSlotLabel(slots[0]!)).toBe('lundi 26 octobre à 8\u00a0h\u00a030');
    expect(callbackSlotLabel(slots.at(-1)!)).toBe('lundi 26 octobre à 17\u00a0h\u00a030');
  });

  it('skip public holidays and closed days, and start an hour ahead at the soonest', () => {
    // Thursday 30 April 2026, 9 h 10 in Paris: 10 h 30 is the first slot an hour away; 1 May is a holiday.
    const slots = callbackSlots(weekdays, new Date('2026-04-30T07:10:00Z'), 2);
    expect(callbackSlotLabel(slots[0]!)).toBe('jeudi 30 avril à 10\u00a0h\u00a030');
    expect(new Set(slots.map((s) => s.toISOString().slice(0, 10)))).toEqual(new Set(['2026-04-30', '2026-05-04']));
    expect(callbackSlotLabel(slots.find((s) => s.toISOString().startsWith('2026-05-04'))!)).toBe('lundi 4 mai à 8\u00a0h\u00a030');
    expect(callbackSlots([], new Date())).toEqual([]);
  });
});

describe('the message to an adviser', () => {
  it('may be empty only with the assistant’s conversation attached', () => {
    const turn = { question: 'ma carte tiers payant', answers: ['Votre carte est dans « Ma carte ».'] };
    expect(ZAdvisorMessageInput.safeParse({ message: '', conversation: [turn] }).success).toBe(true);
    expect(ZAdvisorMessageInput.safeParse({ message: '' }).success).toBe(false);
    expect(ZAdvisorMessageInput.safeParse({ message: 'Bonjour, une question' }).success).toBe(true);
    expect(conversationTranscript([turn])).toBe(
      'Conversation avec l’assistant\u00a0:\n\nQuestion\u00a0: ma carte tiers payant\nRéponse de l’assistant\u00a0: Votre carte est dans « Ma carte ».',
    );
  });
});

describe("the adviser's request kinds", () => {
  it('are message kinds of the composed list, answered on the plain message path', () => {
    expect(defaultRequestTypes().filter((e) => e.codeName.startsWith('advisor_'))).toEqual([
      { typeCode: 10033, type: 'message', codeName: 'advisor_message', label: 'Message à un conseiller' },
      { typeCode: 10034, type: 'message', codeName: 'advisor_callback', label: 'Rappel par un conseiller' },
    ]);
    expect(timelineStepsOf('message', 10033)).toEqual(['received', 'in_progress', 'done']);
    expect(canReplyToRequest({ type: 'message', typeCode: 10033, statusKey: 'in_progress', title: 'Message à un conseiller' })).toBe(true);
    expect(canReplyToRequest({ type: 'message', typeCode: 10034, statusKey: 'done', title: 'Rappel par un conseiller' })).toBe(false);
  });
});
