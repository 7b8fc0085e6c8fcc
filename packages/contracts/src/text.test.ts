import { describe, expect, it } from 'vitest';
import { hasControlCharacters } from './text';

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
