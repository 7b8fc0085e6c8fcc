/** A unique-constraint violation (SQLSTATE 23505), from PGlite or node-postgres, possibly wrapped by drizzle. */
export function isUniqueViolation(error: unknown): boolean {
  let e: unknown = error;
  for (let i = 0; i < 4 && e; i++) {
    if ((e as { code?: string }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}
