import { ERRORS, fieldErrorsOf } from '@mutua/contracts/errors';
import { CONTROL_CHARACTERS_MESSAGE, frenchSpacing, hasControlCharacters } from '@mutua/contracts/text';
import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../lib/app-error';

// Generic failures speak French (zod's own locale, with French spacing: « Entrée invalide : … » comes
// with a plain space); a message written in a contracts schema wins.
const zodFrench = z.locales.fr().localeError;
z.config({
  localeError: (issue) => {
    const said = zodFrench(issue);
    if (typeof said === 'string') return frenchSpacing(said);
    return said?.message ? { ...said, message: frenchSpacing(said.message) } : said;
  },
});

type Issue = { message?: string };

/** The message of the first failed check: the contract's own when it has one, zod's French one otherwise. */
export function validationMessage(issues: readonly Issue[] | undefined): string {
  return issues?.[0]?.message ?? ERRORS.VALIDATION_FAILED.message;
}

/** The first string in a value (object, array, string) that holds a control character, if any. */
function hasControlCharacterIn(value: unknown, freeText: boolean, depth = 0): boolean {
  if (typeof value === 'string') return hasControlCharacters(value, { freeText });
  if (depth > 32 || value === null || typeof value !== 'object') return false;
  for (const [key, item] of Object.entries(value)) {
    if (hasControlCharacters(key) || hasControlCharacterIn(item, freeText, depth + 1)) return true;
  }
  return false;
}

/** The validation failure every part (body, query, params, headers) reports: one issue, in French. */
class ControlCharacterError extends Error {
  readonly validation = [{ message: CONTROL_CHARACTERS_MESSAGE }];
  constructor() {
    super(CONTROL_CHARACTERS_MESSAGE);
  }
}

/**
 * Fastify's validator for every route schema: control characters are refused first (never a 500 from
 * PostgreSQL on a NUL; body text may keep tabs and line breaks), then the zod schema. Failures reach
 * the error handler, which answers 400 VALIDATION_FAILED with the message (no per-route code).
 */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  const validate = zodValidatorCompiler(route as Parameters<typeof zodValidatorCompiler>[0]);
  const freeText = route.httpPart === 'body';
  return (data: unknown) => (hasControlCharacterIn(data, freeText) ? { error: new ControlCharacterError() } : validate(data));
};

/** Parses with a contract schema outside the route schema (multipart fields), throwing the French 400. */
export function parseOr400<T extends z.ZodType>(schema: T, value: unknown, opts: { freeText?: boolean } = { freeText: true }): z.infer<T> {
  if (hasControlCharacterIn(value, opts.freeText ?? true)) throw new AppError('VALIDATION_FAILED', CONTROL_CHARACTERS_MESSAGE);
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw fieldError(validationMessage(parsed.error.issues), fieldErrorsOf(parsed.error.issues));
  return parsed.data;
}

/** 400 VALIDATION_FAILED naming the fields refused: the form shows each message under its field. */
export function fieldError(message: string, fields: Record<string, string>): AppError {
  return new AppError('VALIDATION_FAILED', message, Object.keys(fields).length > 0 ? { fields } : {});
}
