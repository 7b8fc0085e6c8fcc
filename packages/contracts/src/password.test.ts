import { describe, expect, it } from 'vitest';
import { PASSWORD_SPECIAL_CHARACTERS, ZNewPassword, isValidPassword, passwordIssues } from './password';

describe('password rule', () => {
  it('accepts the demo password and a 12-character minimum', () => {
    expect(isValidPassword('Mutua-Demo-2026!')).toBe(true);
    expect(isValidPassword('Abcdefghij1k')).toBe(true);
  });

  it('refuses 11 characters and reports only that rule', () => {
    expect(passwordIssues('Abcdefghi1k')).toEqual(['minLength']);
  });

  it('needs an uppercase letter, a lowercase letter and a digit', () => {
    expect(passwordIssues('abcdefghijk1')).toEqual(['uppercase']);
    expect(passwordIssues('ABCDEFGHIJK1')).toEqual(['lowercase']);
    expect(passwordIssues('Abcdefghijkl')).toEqual(['digit']);
  });

  it('accepts every allowed special character', () => {
    for (const c of PASSWORD_SPECIAL_CHARACTERS) expect(isValidPassword(`Abcdefghij1${c}`), c).toBe(true);
    expect(PASSWORD_SPECIAL_CHARACTERS).toBe('?$%*@!".+-^()&_\'/:#');
  });

  it('refuses characters outside the allowed set (space, accents, other symbols)', () => {
    for (const c of [' ', 'é', 'É', '€', '<', '>', ',', ';', '=', '[', '{', '~', '|', '\\', '`', '\n']) {
      expect(passwordIssues(`Abcdefghij1${c}`), JSON.stringify(c)).toEqual(['allowedCharacters']);
    }
  });

  it('accepts at least 64 characters, up to 128', () => {
    const long64 = 'Aa1' + 'x'.repeat(61);
    expect(long64).toHaveLength(64);
    expect(isValidPassword(long64)).toBe(true);
    expect(isValidPassword('Aa1' + 'x'.repeat(125))).toBe(true);
    expect(passwordIssues('Aa1' + 'x'.repeat(126))).toEqual(['maxLength']);
  });

  it('gives French messages through the zod schema', () => {
    const result = ZNewPassword.safeParse('court');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Au moins 12 caractères', 'Au moins une lettre majuscule', 'Au moins un chiffre']);
    expect(ZNewPassword.safeParse('Mutua-Demo-2026!').success).toBe(true);
  });
});
