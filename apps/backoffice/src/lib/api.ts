import { ERRORS, isErrorCode } from '@mutua/contracts/errors';
import { formatDate } from '@mutua/contracts/french-format';
import { XSRF_COOKIE, XSRF_HEADER } from '@mutua/contracts/platform';

/** An API failure with the French message of its code. */
export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    /** A refused form's message for each field (VALIDATION_FAILED `fields`), by path in the body. */
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

const readCookie = (name: string) =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

/** Same-origin calls to /api/bo (JSON, or multipart for a FormData), the anti-forgery cookie echoed; resolves with `data`. */
export async function api<T>(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const form = body instanceof FormData;
  // A FormData sets its own multipart content type, boundary included.
  if (body !== undefined && !form) headers['content-type'] = 'application/json';
  const token = readCookie(XSRF_COOKIE);
  if (method !== 'GET' && token) headers[XSRF_HEADER] = decodeURIComponent(token);
  const res = await fetch(`/api/bo${path}`, {
    method,
    headers,
    credentials: 'same-origin',
    body: body === undefined ? undefined : form ? body : JSON.stringify(body),
  });
  const json = (await res.json().catch(() => null)) as { data?: T; error?: { code: string; message: string }; fields?: Record<string, string> } | null;
  if (!res.ok) {
    const code = json?.error?.code ?? 'INTERNAL';
    throw new ApiError(code, res.status, json?.error?.message ?? (isErrorCode(code) ? ERRORS[code].message : ERRORS.INTERNAL.message), json?.fields);
  }
  return json!.data as T;
}

/** « 26/11/2026 à 17:05 », French time: the member app's detail format. */
export const dateTime = (iso: string) => formatDate(iso, 'detail');
