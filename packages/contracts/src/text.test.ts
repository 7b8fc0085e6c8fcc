import { describe, expect, it } from 'vitest';
import { CAPITALS_MESSAGE, exactLengthMessage, hasControlCharacters, isCapitalsCode } from './text';

describe('hasControlCharacters', () => {
  it('refuses NUL, escape, DEL and C1 controls everywhere', () => {
    for (const c of ['\u0000', '\u001b', '\u007f', '\u0085']) {
      expect(hasControlCharacters(`a${c}b`)).toBe(true);
      expect(hasControlCharacters(`a${c}b`, { freeText: true })).toBe(true);
    }
  });
  it('lets free text keep tabs and line breaks, not single-line fields', () => {
    expect(hasControlCharacters('ligne 1\r\n\tligne 2', { freeText: true })).toBe(false);
    expect(hasControlCharacters('ligne 1\nligne 2')).toBe(true);
    expect(hasControlCharacters('Élodie d’Arc — 12 €')).toBe(false);
  });
});

describe('the spec’s generic field messages (member-features §5)', () => {
  it('exact character count {nb}, in French', () => {
    expect(exactLengthMessage(9)).toBe('Veuillez saisir exactement 9 caractères.');
    expect(exactLengthMessage(13)).toBe('Veuillez saisir exactement 13 caractères.');
  });

  it('capitals without special characters: A–Z and digits only', () => {
    expect(CAPITALS_MESSAGE).toBe('Veuillez saisir la valeur en majuscules, sans caractères spéciaux.');
    expect(isCapitalsCode('2A0000001')).toBe(true);
    expect(isCapitalsCode('BNPAFRPP')).toBe(true);
    for (const bad of ['bnpafrpp', 'BNPA FRPP', 'BNPA-FRPP', 'ÉCOLE', 'A.B']) expect(isCapitalsCode(bad), bad).toBe(false);
  });
});
