import { STAFF_SESSION_COOKIE } from '@mutua/contracts/backoffice';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { StaffSession, StaffSessionStore } from '../core/staff-sessions';

declare module 'fastify' {
  interface FastifyRequest {
    /** The back-office session (any stage) on the staff origin; null elsewhere or when anonymous. */
    staffSession: StaffSession | null;
    /** The request came to one of the staff host names (BACKOFFICE_HOSTS). */
    isStaffHost: boolean;
  }
  interface FastifyReply {
    setStaffCookie(cookieValue: string): void;
    clearStaffCookie(): void;
  }
}

export type StaffPluginOptions = { store: StaffSessionStore; hosts: readonly string[]; secureCookies: boolean };

/** The host name without its port, lower-cased. */
export const hostNameOf = (host: string | undefined) => (host ?? '').replace(/:\d+$/, '').toLowerCase();

/** The back office's own CSP: no inline script, images only from itself and data: (the enrolment QR code). */
const STAFF_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The staff origin: `staff` and `staff-login` routes answer only on a staff host name (404 elsewhere)
 * with the staff session of their own cookie; a member session never counts there, and member routes
 * find no tenant on a staff host. `staff` needs a session past its TOTP step.
 */
export const staffPlugin = fp(async (app: FastifyInstance, opts: StaffPluginOptions) => {
  const hosts = new Set(opts.hosts.map((h) => h.toLowerCase()));
  const cookieOptions = { path: '/', httpOnly: true, sameSite: 'strict', secure: opts.secureCookies } as const;
  app.decorateRequest('staffSession', null);
  app.decorateRequest('isStaffHost', false);
  app.decorateReply('setStaffCookie', function (this: FastifyReply, value: string) {
    this.setCookie(STAFF_SESSION_COOKIE, value, cookieOptions);
  });
  app.decorateReply('clearStaffCookie', function (this: FastifyReply) {
    this.clearCookie(STAFF_SESSION_COOKIE, cookieOptions);
  });
  // Staff routes are host-less for the tenant plugin: the staff origin is no tenant.
  app.addHook('onRoute', (route) => {
    const access = route.config?.access;
    if (access === 'staff' || access === 'staff-login') route.config = { ...route.config, tenant: 'none' };
  });
  app.addHook('onRequest', async (request: FastifyRequest) => {
    request.isStaffHost = hosts.has(hostNameOf(request.headers.host));
    const { access } = request.routeOptions.config;
    if (access !== 'staff' && access !== 'staff-login') return;
    if (!request.isStaffHost) throw new AppError('NOT_FOUND');
    const cookie = request.cookies[STAFF_SESSION_COOKIE];
    request.staffSession = cookie ? await opts.store.resolve(cookie) : null;
    if (access === 'staff' && request.staffSession?.stage !== 'ACTIVE') throw new AppError('UNAUTHENTICATED');
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.isStaffHost) reply.header('content-security-policy', STAFF_CSP);
  });
});

/** The signed-in staff session of a `staff` route (the hook guarantees it). */
export function staffSessionOf(request: FastifyRequest): StaffSession {
  if (request.staffSession?.stage !== 'ACTIVE') throw new AppError('UNAUTHENTICATED');
  return request.staffSession;
}
