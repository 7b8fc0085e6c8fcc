import { describe, expect, it } from 'vitest';
import { linksAt, type PlacedLink } from './links';

describe('links placed on another feature’s screen', () => {
  it('gives a place the links every feature put there, in their order', () => {
    expect(linksAt('new-request-hub').map((link) => [link.key, link.route])).toEqual([
      ['refund', 'getRefund'],
      ['estimate', 'estimate'],
      ['prepare', 'prepareTreatment'],
      ['proof', 'docSharing'],
      ['faq', 'faq'],
      ['chatbot', 'assistant'],
    ]);
  });

  it('orders by `order`, whatever the order of the features', () => {
    const late: PlacedLink = { place: 'new-request-hub', order: 99, key: 'late', title: 'Plus tard', text: '…', route: 'faq' };
    const early: PlacedLink = { ...late, order: 1, key: 'early' };
    expect(linksAt('new-request-hub', [late, early]).map((link) => link.key)).toEqual(['early', 'late']);
  });
});
