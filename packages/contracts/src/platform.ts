import { z } from 'zod';
import { ZBrand } from './brand';

export const SERVICE_STATUSES = ['UP', 'DOWN'] as const;
export const ZServiceStatus = z.enum(SERVICE_STATUSES);
export type ServiceStatus = z.infer<typeof ZServiceStatus>;

/** GET /api/heartbeat → { data: … }. */
export const ZHeartbeat = z.object({ status: ZServiceStatus, active_debug_session: z.boolean() });
export type THeartbeat = z.infer<typeof ZHeartbeat>;

/** GET /api/init → { data: { data: … } } (the spec reads data.data). */
export const ZInitData = z.object({
  logoutRedirectUrl: z.string().nullable(),
  brand: ZBrand,
});
export type TInitData = z.infer<typeof ZInitData>;
export const ZInitResponse = z.object({ data: z.object({ data: ZInitData }) });

/** Platform constants both sides use. */
export const INIT_TIMEOUT_MS = 10_000;
export const HEARTBEAT_TIMEOUT_MS = 10_000;
export const NOTIFICATION_TIMEOUT_MS = 5_000;
export const DIALOG_TRANSITION_MS = 300;
export const LAST_REQUESTS_SHOWN = 3;
export const BRAND_HOVER_LIGHTEN_POINTS = 10;

/** The anti-forgery cookie and header names (the SPA reads the cookie and echoes it). */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'x-xsrf-token';
/** Readable mirror of "logged in" for the SPA; the session itself is HttpOnly. */
export const VAUTH_COOKIE = 'vauth';

/**
 * The header of a form's submission key: the web app draws one per opened form and sends it with every
 * try, so a double click or a retry after a dropped connection creates one request, not two.
 */
export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,100}$/;
export const isIdempotencyKey = (value: string): boolean => IDEMPOTENCY_KEY_PATTERN.test(value);

/**
 * The start-up GETs whose answers the member portal's page carries (apps/server/src/http/app-page.ts),
 * by API path: the SPA uses each once instead of asking (apps/web/src/lib/page-answers.ts) and
 * hydrates a painted page from them (apps/web/src/app/start-up.ts). `/all-info` only for a live session.
 */
export const PAGE_ANSWER_PATHS = ['/init', '/heartbeat', '/consent', '/all-info'] as const;
