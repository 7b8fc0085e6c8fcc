import { describe, expect, it } from 'vitest';
import { withoutAccents, ZFaqId, ZFaqSearchQuery } from './faq';
import { ZAdviserCodeRequest } from './help';

describe('faq contracts', () => {
  it('reads slugs as ids and refuses anything else', () => {
    expect(ZFaqId.safeParse('remboursements').success).toBe(true);
    expect(ZFaqId.safeParse('carte-tiers-payant').success).toBe(true);
    expect(ZFaqId.safeParse('../etc').success).toBe(false);
    expect(ZFaqId.safeParse('Optique').success).toBe(false);
  });
  it('asks 2 to 100 characters to search, trimmed', () => {
    expect(ZFaqSearchQuery.parse({ q: '  lunettes ' }).q).toBe('lunettes');
    expect(ZFaqSearchQuery.safeParse({ q: 'l' }).error?.issues[0]?.message).toBe('Saisissez au moins 2 caractères pour rechercher dans la FAQ.');
  });
  it('strips accents', () => expect(withoutAccents('remboursées Hôpital')).toBe('remboursees Hopital'));
});

describe('adviser code request', () => {
  it('accepts a membership number or a NIR with or without key, spaces ignored', () => {
    expect(ZAdviserCodeRequest.parse({ identifier: '1234 5678' }).identifier).toBe('12345678');
    expect(ZAdviserCodeRequest.parse({ identifier: '2 86 04 75 056 123' }).identifier).toBe('2860475056123');
    expect(ZAdviserCodeRequest.parse({ identifier: '2 86 04 2a 056 123 47' }).identifier).toBe('286042A05612347');
    expect(ZAdviserCodeRequest.parse({}).identifier).toBeUndefined();
  });
  it('refuses anything else with a French message', () => {
    expect(ZAdviserCodeRequest.safeParse({ identifier: 'camille' }).error?.issues[0]?.message).toMatch(/^Saisissez votre numéro d’adhérent/);
    expect(ZAdviserCodeRequest.safeParse({ identifier: '1234567' }).success).toBe(false);
  });
});
