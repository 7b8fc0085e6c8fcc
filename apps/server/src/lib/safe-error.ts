/**
 * What the log may say about an unexpected error: its kind, codes and where it was thrown — never its
 * message. Database errors carry the query, its parameters and row values (drizzle: "Failed query: …
 * params: …"; PostgreSQL: `Key (email)=(…)`, `invalid input syntax for type uuid: "…"`), and a message
 * built from personal data would carry it too. The first stack line repeats the message: it goes.
 */
export type SafeError = {
  type: string;
  code?: string;
  /** SQLSTATE of a PostgreSQL error (e.g. 22021 invalid byte sequence, 23505 unique violation). */
  sqlState?: string;
  /** Constraint, table and column names: schema, not data. */
  constraint?: string;
  table?: string;
  column?: string;
  stack?: string;
  cause?: SafeError;
};

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** pino's `err` serializer, so that `log.error({ err })` anywhere is safe; an already safe error passes as is. */
export const logSafeError = (error: unknown) => {
  if (!(error instanceof Error)) return error as { type: string; message: string; stack: string };
  const safe = safeError(error);
  return { ...safe, message: '', stack: safe.stack ?? '' };
};

export function safeError(error: unknown, depth = 0): SafeError {
  if (!(error instanceof Error)) return { type: typeof error };
  const e = error as Error & { code?: unknown; constraint?: unknown; table?: unknown; column?: unknown; cause?: unknown };
  const code = typeof e.code === 'string' ? e.code : undefined;
  const out: SafeError = { type: e.constructor?.name && e.constructor.name !== 'Error' ? e.constructor.name : e.name };
  if (code && SQLSTATE.test(code)) out.sqlState = code;
  else if (code) out.code = code;
  for (const key of ['constraint', 'table', 'column'] as const) if (typeof e[key] === 'string') out[key] = e[key] as string;
  const frames = e.stack?.split('\n').filter((line) => /^\s+at /.test(line));
  if (frames?.length) out.stack = frames.join('\n');
  if (e.cause !== undefined && depth < 3) out.cause = safeError(e.cause, depth + 1);
  return out;
}
