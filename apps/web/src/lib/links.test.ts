import { describe, expect, it } from 'vitest';
import { linksAt, type PlacedLink } from './links';

describe('links placed on another feature’s screen', () => {
  it('gives a place the links every feature put there, in their order', () => {
    // A feature added later may put its own link there too: the check keeps to the known ones.
    const known = ['refund', 'estimate', 'prepare', 'proof', 'faq', 'chatbot'];
    const links = linksAt('new-request-hub');
    expect(new Set(links.map((link) => link.key)).size).toBe(links.length);
    expect(links.filter((link) => known.includes(link.key)).map((link) => [link.key, link.route])).toEqual([
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
