import { describe, expect, it } from 'vitest';
import { communeSearchKey, formatDistance, ZCareSearchQuery } from './care-network';

describe('communeSearchKey', () => {
  it('folds accents, capitals, hyphens, apostrophes and « Saint(e) »', () => {
    expect(communeSearchKey('Saint-Étienne')).toBe('st etienne');
    expect(communeSearchKey('  ST   etienne ')).toBe('st etienne');
    expect(communeSearchKey('Sainte-Foy-lès-Lyon')).toBe('ste foy les lyon');
    expect(communeSearchKey('L’Haÿ-les-Roses')).toBe('l hay les roses');
    expect(communeSearchKey('Saintes')).toBe('saintes');
  });
});

describe('formatDistance', () => {
  it('writes metres under a kilometre, else kilometres with a French decimal comma', () => {
    expect(formatDistance(0.07)).toBe('70\u00a0m');
    expect(formatDistance(0)).toBe('10\u00a0m');
    expect(formatDistance(1.25)).toBe('1,3\u00a0km');
    expect(formatDistance(12)).toBe('12\u00a0km');
  });
});

describe('ZCareSearchQuery', () => {
  it('accepts a specialty with a town or a postal code, and trims', () => {
    expect(ZCareSearchQuery.parse({ specialty: 'opticien', place: ' Lyon ' })).toEqual({ specialty: 'opticien', place: 'Lyon' });
    expect(ZCareSearchQuery.safeParse({ specialty: 'dentiste', place: '69001' }).success).toBe(true);
    expect(ZCareSearchQuery.safeParse({ specialty: 'dentiste', place: 'L’Haÿ-les-Roses' }).success).toBe(true);
  });
  it('refuses an unknown specialty, a short or odd place, a 4-digit code', () => {
    const message = (input: object) => ZCareSearchQuery.safeParse(input).error?.issues[0]?.message;
    expect(message({ specialty: 'plombier', place: 'Lyon' })).toBe('Veuillez choisir une spécialité.');
    expect(message({ specialty: 'opticien', place: 'L' })).toBe('Saisissez une ville ou un code postal.');
    expect(message({ specialty: 'opticien', place: '6900' })).toBe('Saisissez une ville ou un code postal à 5 chiffres.');
    expect(message({ specialty: 'opticien', place: 'Lyon<script>' })).toBe('Saisissez une ville ou un code postal à 5 chiffres.');
  });
});
