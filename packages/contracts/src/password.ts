import { z } from 'zod';

/**
 * Password rule, applied by the web forms and by the server alike:
 * at least 12 characters, at least one uppercase letter, one lowercase letter and one digit, made only
 * of unaccented letters, digits and the allowed special characters. Long passphrases are welcome (up
 * to 128 characters).
 */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/** The special characters a password may contain (the wider reading of the spec). */
export const PASSWORD_SPECIAL_CHARACTERS = `?$%*@!".+-^()&_'/:#`;

export const PASSWORD_RULES = ['minLength', 'maxLength', 'uppercase', 'lowercase', 'digit', 'allowedCharacters'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

/** One French sentence per rule, for the checklist under the password field. */
export const PASSWORD_RULE_MESSAGES: Record<PasswordRule, string> = {
  minLength: `Au moins ${PASSWORD_MIN_LENGTH} caractères`,
  maxLength: `Au plus ${PASSWORD_MAX_LENGTH} caractères`,
  uppercase: 'Au moins une lettre majuscule',
  lowercase: 'Au moins une lettre minuscule',
  digit: 'Au moins un chiffre',
  allowedCharacters: `Uniquement des lettres sans accent, des chiffres et les caractères spéciaux ${PASSWORD_SPECIAL_CHARACTERS.split('').join(' ')}`,
};

const SPECIALS = new Set(PASSWORD_SPECIAL_CHARACTERS);
const isUpper = (c: string) => c >= 'A' && c <= 'Z';
const isLower = (c: string) => c >= 'a' && c <= 'z';
const isDigit = (c: string) => c >= '0' && c <= '9';

/** The rules a candidate password breaks, in PASSWORD_RULES order; empty when it is acceptable. */
export function passwordIssues(password: string): PasswordRule[] {
  const chars = [...password];
  const issues: PasswordRule[] = [];
  if (chars.length < PASSWORD_MIN_LENGTH) issues.push('minLength');
  if (chars.length > PASSWORD_MAX_LENGTH) issues.push('maxLength');
  if (!chars.some(isUpper)) issues.push('uppercase');
  if (!chars.some(isLower)) issues.push('lowercase');
  if (!chars.some(isDigit)) issues.push('digit');
  if (!chars.every((c) => isUpper(c) || isLower(c) || isDigit(c) || SPECIALS.has(c))) issues.push('allowedCharacters');
  return issues;
}

export function isValidPassword(password: string): boolean {
  return passwordIssues(password).length === 0;
}

/** A new password (account creation, reset, renewal): one issue per broken rule, in French. */
export const ZNewPassword = z.string().superRefine((value, ctx) => {
  for (const rule of passwordIssues(value)) ctx.addIssue({ code: 'custom', message: PASSWORD_RULE_MESSAGES[rule] });
});
