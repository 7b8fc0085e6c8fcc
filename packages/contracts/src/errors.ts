/**
 * Every error the API can answer, with its HTTP status and the French message the member reads.
 * The server throws `new AppError(code)`; the web app shows `ERRORS[code].message` (or a screen-specific
 * text). One list, so a code can never reach the UI without a message.
 */
export const ERRORS = {
  /** Body, query or params failed their schema. */
  VALIDATION_FAILED: { status: 400, message: 'Veuillez vérifier vos données saisies.' },
  /** No valid session on a route that needs one. */
  UNAUTHENTICATED: { status: 401, message: 'Votre session a expiré. Veuillez vous reconnecter.' },
  /** Missing anti-forgery token, or one that does not match the cookie or the session. */
  CSRF_INVALID: { status: 403, message: 'Votre demande n’a pas pu être vérifiée. Veuillez recharger la page.' },
  /** An action the member may not take (feature off, read-only session, …). */
  FORBIDDEN: { status: 403, message: 'Vous n’êtes pas autorisé à accéder à cette page.' },
  /** Missing, or belonging to someone else: never say which. */
  NOT_FOUND: { status: 404, message: 'Élément introuvable.' },
  /** The request's host matches no tenant. */
  ENVIRONMENT_NOT_FOUND: { status: 404, message: 'Environnement introuvable.' },
  /** Too many calls from one client on a rate-limited route. */
  RATE_LIMITED: { status: 429, message: 'Trop de tentatives. Veuillez réessayer plus tard.' },
  /** The tenant is in maintenance; the body carries maintenance_public_reason. */
  MAINTENANCE: { status: 503, message: 'Le service est en maintenance.' },
  /** Anything unexpected; details only in the server log. */
  INTERNAL: { status: 500, message: 'Un problème inattendu est survenu.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERRORS;
export const ERROR_CODES = Object.keys(ERRORS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERRORS, value);
}

export type ApiErrorBody = {
  error: { code: ErrorCode; message: string };
  maintenance_public_reason?: string | null;
};
