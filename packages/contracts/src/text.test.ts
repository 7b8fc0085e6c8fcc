import { describe, expect, it } from 'vitest';
import { CAPITALS_MESSAGE, exactLengthMessage, frenchSpacing, hasControlCharacters, isCapitalsCode } from './text';

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
    // eslint-disable-next-line mutua/french-spacing -- an input with a plain space
    expect(hasControlCharacters('Élodie d’Arc — 12 €')).toBe(false);
  });
});

describe('the spec’s generic field messages', () => {
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

describe('frenchSpacing (texts we do not write, such as a library’s messages)', () => {
  it('puts a non-breaking space before the colon, semicolon, question and exclamation marks and the euro sign; leaves code-like text alone', () => {
    // eslint-disable-next-line mutua/french-spacing -- the plain spaces to replace
    expect(frenchSpacing('Entrée invalide : nombre attendu ; vraiment ? Oui ! 12 €')).toBe(
      'Entrée invalide\u00a0: nombre attendu\u00a0; vraiment\u00a0? Oui\u00a0! 12\u00a0€',
    );
    expect(frenchSpacing('a ?b=1 :hover')).toBe('a ?b=1 :hover');
    expect(frenchSpacing('déjà\u00a0: bon')).toBe('déjà\u00a0: bon');
  });
});
