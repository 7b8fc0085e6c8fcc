import { describe, expect, it } from 'vitest';
import { composeRequestKinds } from './request-kinds';
import { defineRequestKinds } from './request-rules';

/** An area's kinds as the recipe declares them: one with the type's rules, one with its own. */
const SCRATCH_KINDS = defineRequestKinds('message', {
  scratch_plain: { typeCode: 20001, label: 'Demande ordinaire' },
  scratch_card: {
    typeCode: 20002,
    label: 'Demande de carte',
    steps: ['received', 'printing', 'sent'],
    stepLabels: { sent: 'Carte partie' },
    badges: { done: 'Carte envoyée' },
    replyWhenDone: true,
  },
});

describe('request kinds composed from the areas', () => {
  const kinds = composeRequestKinds([SCRATCH_KINDS]);
  const spec = composeRequestKinds([]);

  it("adds an area's kinds to the list the server's request_types holds, in the order of their codes", () => {
    const added = kinds.defaultRequestTypes().filter((e) => !spec.defaultRequestTypes().some((s) => s.typeCode === e.typeCode));
    expect(added).toEqual([
      { typeCode: 20001, type: 'message', codeName: 'scratch_plain', label: 'Demande ordinaire' },
      { typeCode: 20002, type: 'message', codeName: 'scratch_card', label: 'Demande de carte' },
    ]);
    expect(kinds.defaultRequestTypes().at(-1)?.typeCode).toBe(20002);
    expect(kinds.requestKindLabel('message', 'scratch_card')).toBe('Demande de carte');
    expect(kinds.requestKindLabel('bill', 'scratch_card')).toBeNull();
    expect(kinds.requestKindOf('bill', 20002)).toBeUndefined();
  });

  it("reads an area kind's own rules, and its type's where it says nothing", () => {
    expect(kinds.timelineStepsOf('message', 20002)).toEqual(['received', 'printing', 'sent']);
    expect(kinds.timelineStepLabel('message', 20002, 'sent')).toBe('Carte partie');
    expect(kinds.statusBadgeLabel({ type: 'message', typeCode: 20002, statusKey: 'done' })).toBe('Carte envoyée');
    expect(kinds.timelineStepsOf('message', 20001)).toEqual(['received', 'in_progress', 'done']);
    expect(kinds.timelineStepLabel('message', 20001, 'done')).toBe('Demande clôturée');
    expect(kinds.statusBadgeLabel({ type: 'message', typeCode: 20001, statusKey: 'unread' })).toBe('Message non lu');
  });

  it('lets the member answer an area message kind, once done only when it says so; an unknown code never', () => {
    const reply = (typeCode: number, statusKey: 'in_progress' | 'done') => ({ type: 'message' as const, typeCode, statusKey, title: 'Votre demande' });
    expect(kinds.canReplyToRequest(reply(20001, 'in_progress'))).toBe(true);
    expect(kinds.canReplyToRequest(reply(20001, 'done'))).toBe(false);
    expect(kinds.canReplyToRequest(reply(20002, 'done'))).toBe(true);
    expect(spec.canReplyToRequest(reply(20001, 'in_progress'))).toBe(false);
  });

  it('refuses a type code or a code name declared twice', () => {
    expect(() => composeRequestKinds([defineRequestKinds('message', { rib_again: { typeCode: 10023, label: 'Doublon' } })])).toThrow(/10023/);
    expect(() => composeRequestKinds([defineRequestKinds('message', { rib: { typeCode: 20003, label: 'Doublon' } })])).toThrow(/message:rib/);
    expect(() => composeRequestKinds([SCRATCH_KINDS, SCRATCH_KINDS])).toThrow(/declared twice/);
    // A code name is unique within its type only.
    expect(composeRequestKinds([defineRequestKinds('bill', { rib: { typeCode: 20004, label: 'Facture RIB' } })]).requestKindLabel('bill', 'rib')).toBe(
      'Facture RIB',
    );
  });
});
