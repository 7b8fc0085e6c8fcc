import { isMemberErrorCode, MEMBER_ERRORS, type FieldErrors, type MemberErrorCode } from '@mutua/contracts/errors';
import { IDEMPOTENCY_HEADER, XSRF_COOKIE, XSRF_HEADER } from '@mutua/contracts/platform';
import { readCookie } from './cookies';
import { takePageAnswer } from './page-answers';

/**
 * The one request layer. Every call goes to `/api`, same-origin cookies,
 * JSON, and the anti-forgery cookie echoed in its header. Answers are `{ data }`: the functions
 * resolve with `data`; failures reject with an `ApiError`.
 *
 * GETs raise the top progress bar, POST/PUT/PATCH the full-screen spinner (see `requestActivity`),
 * except login, MFA, debug, heartbeat and init calls. A 503 (except where the caller handles it,
 * as heartbeat and init do) calls the maintenance handler the app configures — but a 503 OVERLOADED:
 * the server shed the call before doing anything, and says when to come back (Retry-After). A read
 * is tried again once after that delay; a write only when it carries its idempotency key (the server
 * then creates it once however often it arrives), never otherwise. Still refused, the call rejects
 * with OVERLOADED, whose message the member reads: « Le service est très sollicité, nouvel essai dans
 * quelques secondes. »
 */

export const API_BASE = '/api';

/** Client-side failures: no answer at all, or none in time. */
export type ClientErrorCode = 'NETWORK' | 'TIMEOUT';
// The portal's API answers member codes only (the back office's live in STAFF_ERRORS).
export type ApiErrorCode = MemberErrorCode | ClientErrorCode;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly code: ApiErrorCode;
  /** HTTP status; 0 when no answer came (network failure or timeout). */
  readonly status: number;
  readonly maintenanceReason: string | null;
  /** Extra fields of the error answer (remainingAttempts, resendAvailableAt, sessionId, …). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(init: { code: ApiErrorCode; status: number; message?: string; maintenanceReason?: string | null; details?: Record<string, unknown> }) {
    super(init.message ?? errorMessage(init.code));
    this.code = init.code;
    this.status = init.status;
    this.maintenanceReason = init.maintenanceReason ?? null;
    this.details = init.details ?? {};
  }

  get isTimeout(): boolean {
    return this.code === 'TIMEOUT';
  }

  /** VALIDATION_FAILED: the message of each field refused, by its path in the body sent (`address.zipCode`). */
  get fieldErrors(): FieldErrors {
    const fields = this.details.fields;
    if (!fields || typeof fields !== 'object') return {};
    return Object.fromEntries(Object.entries(fields).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  }
}

/** The French message the member reads for a code (one place: MEMBER_ERRORS in contracts). */
export function errorMessage(code: ApiErrorCode): string {
  return code === 'NETWORK' || code === 'TIMEOUT' ? MEMBER_ERRORS.INTERNAL.message : MEMBER_ERRORS[code].message;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type QueryParams = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  query?: QueryParams;
  /** JSON-serialised, or sent as is when FormData/Blob. */
  body?: unknown;
  signal?: AbortSignal;
  /** Abort after this many ms and reject with code TIMEOUT (init and heartbeat: 10 s; others: none). */
  timeoutMs?: number;
  /** No progress bar / spinner, whatever the path. */
  silent?: boolean;
  /** The caller handles 503 itself: no jump to the maintenance page. */
  handlesMaintenance?: boolean;
  /** `blob` for file downloads. */
  responseType?: 'json' | 'blob';
  /** The form's submission key (lib/submit-form.ts): every try of one form creates one request. */
  idempotencyKey?: string;
};

// ---- loading indicators -------------------------------------------------------------------------

/** Paths whose calls show no loading indicator. */
const SILENT_PATHS = /^\/(init|heartbeat|debug)(\/|$)|^\/auth\/(login|validate-mfa|regenerate-mfa|select-email)(\/|$)/;

export function isSilentPath(path: string): boolean {
  return SILENT_PATHS.test(path.split('?')[0] ?? path);
}

export type RequestActivity = { reads: number; writes: number };
let activity: RequestActivity = { reads: 0, writes: 0 };
const activityListeners = new Set<() => void>();

function bumpActivity(kind: keyof RequestActivity, delta: 1 | -1): void {
  activity = { ...activity, [kind]: activity[kind] + delta };
  activityListeners.forEach((listener) => listener());
}

/** Calls in flight that show an indicator: reads = GETs (progress bar), writes = POST/PUT/PATCH (spinner). */
export const requestActivity = {
  get: (): RequestActivity => activity,
  subscribe(listener: () => void): () => void {
    activityListeners.add(listener);
    return () => activityListeners.delete(listener);
  },
};

// ---- configuration ------------------------------------------------------------------------------

export type ApiClientHandlers = {
  /** A 503 answered an ordinary call: show the maintenance page with this public reason. */
  onMaintenance?: (reason: string | null) => void;
};
let handlers: ApiClientHandlers = {};

export function configureApiClient(next: ApiClientHandlers): void {
  handlers = next;
}

// ---- request ------------------------------------------------------------------------------------

function buildUrl(path: string, query?: QueryParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== null && value !== undefined) search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? (path.includes('?') ? '&' : '?') + qs : ''}`;
}

function buildInit(method: HttpMethod, options: RequestOptions, signal: AbortSignal): RequestInit {
  const headers = new Headers({ Accept: 'application/json' });
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) headers.set(XSRF_HEADER, xsrf);
  if (options.idempotencyKey) headers.set(IDEMPOTENCY_HEADER, options.idempotencyKey);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  return { method, headers, body, credentials: 'same-origin', signal };
}

type ErrorBody = { error?: { code?: unknown; message?: unknown }; maintenance_public_reason?: unknown };

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

/** The wait before trying a shed call again: its Retry-After (2 s when unreadable, 10 s at most), plus up to a second so that members shed together do not all come back together. */
export function overloadRetryDelayMs(retryAfter: string | null, jitter = Math.random()): number {
  const seconds = Number(retryAfter);
  const base = Number.isFinite(seconds) && seconds > 0 ? Math.min(seconds, 10) : 2;
  return Math.round((base + jitter) * 1000);
}

/** Resolves after ms, or rejects with the signal's reason when it aborts first. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason as Error);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

function toApiError(status: number, body: unknown): ApiError {
  const { error, maintenance_public_reason: reason, ...details } = (body ?? {}) as ErrorBody & Record<string, unknown>;
  const code: MemberErrorCode = isMemberErrorCode(error?.code) ? error.code : status === 503 ? 'MAINTENANCE' : 'INTERNAL';
  // A refused input says which rule it broke (the contract's French words), not only « vérifiez vos données ».
  const serverMessage = code === 'VALIDATION_FAILED' && typeof error?.message === 'string' && error.message.trim() ? error.message : null;
  return new ApiError({
    code,
    status,
    message: serverMessage ?? errorMessage(code),
    maintenanceReason: typeof reason === 'string' && reason.trim() ? reason : null,
    details,
  });
}

/** One call to the API. Resolves with the answer's `data` (or the Blob), rejects with ApiError. */
export async function apiRequest<T>(method: HttpMethod, path: string, options: RequestOptions = {}): Promise<T> {
  // A start-up GET the server answered with the page (lib/page-answers.ts): no round trip.
  const carried = method === 'GET' && !options.query && options.responseType !== 'blob' ? takePageAnswer(path) : undefined;
  if (carried) return (carried.body as { data?: T } | null)?.data as T;
  const indicator: keyof RequestActivity | null =
    options.silent || isSilentPath(path) ? null : method === 'GET' ? 'reads' : method === 'DELETE' ? null : 'writes';

  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) onCallerAbort();
  options.signal?.addEventListener('abort', onCallerAbort, { once: true });
  let timedOut = false;
  const timer =
    options.timeoutMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort(new DOMException('Délai dépassé', 'TimeoutError'));
        }, options.timeoutMs);

  if (indicator) bumpActivity(indicator, 1);
  // A write is tried again only with its idempotency key: without it, a second try could make a second request.
  let retries = method === 'GET' || options.idempotencyKey ? 1 : 0;
  try {
    for (;;) {
      let response: Response;
      let body: unknown;
      try {
        response = await fetch(buildUrl(path, options.query), buildInit(method, options, controller.signal));
        body = response.ok && options.responseType === 'blob' ? await response.blob() : await readJson(response);
      } catch (cause) {
        if (timedOut) throw new ApiError({ code: 'TIMEOUT', status: 0 });
        if (options.signal?.aborted) throw cause; // the caller cancelled (e.g. TanStack Query)
        throw new ApiError({ code: 'NETWORK', status: 0 });
      }
      if (!response.ok) {
        const error = toApiError(response.status, body);
        if (error.code === 'OVERLOADED') {
          if (retries-- <= 0) throw error;
          try {
            await pause(overloadRetryDelayMs(response.headers.get('retry-after')), controller.signal);
          } catch (cause) {
            if (timedOut) throw new ApiError({ code: 'TIMEOUT', status: 0 });
            throw cause;
          }
          continue;
        }
        if (response.status === 503 && !options.handlesMaintenance) handlers.onMaintenance?.(error.maintenanceReason);
        throw error;
      }
      if (options.responseType === 'blob') return body as T;
      return (body as { data?: T } | null)?.data as T;
    }
  } catch (error) {
    if (error instanceof ApiError) rememberApiError(error, method, path);
    throw error;
  } finally {
    if (timer !== undefined) clearTimeout(timer);
    options.signal?.removeEventListener('abort', onCallerAbort);
    if (indicator) bumpActivity(indicator, -1);
  }
}

/** The last error codes (no body, no query, no ids), for the help page's technical report. */
export type RecentApiError = { at: string; method: HttpMethod; area: string; status: number; code: ApiErrorCode };
const recentErrors: RecentApiError[] = [];
function rememberApiError(error: ApiError, method: HttpMethod, path: string): void {
  recentErrors.push({ at: new Date().toISOString(), method, area: `/${path.split(/[/?]/)[1] ?? ''}`, status: error.status, code: error.code });
  if (recentErrors.length > 10) recentErrors.shift();
}
export const recentApiErrors = (): readonly RecentApiError[] => [...recentErrors];

type NoBody = Omit<RequestOptions, 'body'>;

/** Shorthands: `api.get<TFoo>('/foo', { query })`, `api.post<TBar>('/bar', payload)`. */
export const api = {
  get: <T>(path: string, options?: NoBody) => apiRequest<T>('GET', path, options),
  delete: <T>(path: string, options?: NoBody) => apiRequest<T>('DELETE', path, options),
  post: <T>(path: string, body?: unknown, options?: NoBody) => apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: NoBody) => apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: NoBody) => apiRequest<T>('PATCH', path, { ...options, body }),
};

/** The server's message for one field of the form it refused (VALIDATION_FAILED `fields`), if any. */
export function serverFieldError(error: unknown, name: string): string | undefined {
  return error instanceof ApiError ? error.fieldErrors[name] : undefined;
}
