import { SESSION_ABSOLUTE_HOURS, SESSION_COOKIE, VAUTH_COOKIE } from '@mutua/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import type { AuditLog } from '../modules/audit/audit-log';
import type { ActiveSession, SessionStore } from '../modules/auth/session-store';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, resolved before any /api route runs; null when anonymous. */
    session: ActiveSession | null;
    /** A valid session of another tenant was presented on this host. */
    sessionOfOtherTenant: boolean;
  }
  interface FastifyReply {
    /** Sets the HttpOnly session cookie and the readable `vauth=true` that tells the SPA it is signed in. */
    setSessionCookies(cookieValue: string): void;
    /** Clears both (logout, expired or unknown session). */
    clearSessionCookies(): void;
  }
}

export type SessionsPluginOptions = { store: SessionStore; audit: AuditLog; secureCookies: boolean };

const MAX_AGE_S = SESSION_ABSOLUTE_HOURS * 3600;

/**
 * Route hook (`onRequest: requireSession`, or addHook in a signed-in scope): 401 without a live
 * session. It runs before the anti-forgery check, so an expired session reads as expired.
 */
export async function requireSession(request: FastifyRequest): Promise<void> {
  if (request.sessionOfOtherTenant) throw new AppError('ENVIRONMENT_NOT_AUTHORISED');
  if (!request.session) throw new AppError('UNAUTHENTICATED');
}

/** The session of a route behind requireSession. */
export function sessionOf(request: FastifyRequest): ActiveSession {
  if (!request.session) throw new AppError('UNAUTHENTICATED');
  return request.session;
}

/**
 * Resolves the session cookie on every /api request (except host-less routes such as heartbeat).
 * An ended, expired or unknown cookie is cleared together with vauth, and a fresh anonymous
 * anti-forgery token is issued so the login form works straight away.
 */
export const sessionsPlugin = fp(async (app: FastifyInstance, opts: SessionsPluginOptions) => {
  const secure = opts.secureCookies;
  app.decorateReply('setSessionCookies', function (this: FastifyReply, cookieValue: string) {
    this.setCookie(SESSION_COOKIE, cookieValue, { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: MAX_AGE_S });
    this.setCookie(VAUTH_COOKIE, 'true', { path: '/', httpOnly: false, sameSite: 'lax', secure, maxAge: MAX_AGE_S });
  });
  app.decorateReply('clearSessionCookies', function (this: FastifyReply) {
    this.clearCookie(SESSION_COOKIE, { path: '/', httpOnly: true, sameSite: 'lax', secure });
    this.clearCookie(VAUTH_COOKIE, { path: '/', sameSite: 'lax', secure });
  });
  app.decorateRequest('session', null);
  app.decorateRequest('sessionOfOtherTenant', false);
  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/') || request.routeOptions.config.tenant === 'none') return;
    const cookie = request.cookies[SESSION_COOKIE];
    if (!cookie) {
      if (request.cookies[VAUTH_COOKIE]) reply.clearSessionCookies();
      return;
    }
    const resolved = await opts.store.resolve(cookie);
    if (resolved.kind === 'active') {
      if (resolved.session.tenantId === request.tenantOrNull?.id) request.session = resolved.session;
      else request.sessionOfOtherTenant = true;
      return;
    }
    if (resolved.kind === 'expired') {
      await opts.audit.record({
        kind: 'SESSION_EXPIRED',
        tenantId: resolved.session.tenantId,
        memberId: resolved.session.memberId,
        ip: request.ip,
        details: { reason: resolved.reason },
      });
    }
    reply.clearSessionCookies();
    reply.issueXsrfToken();
  });
});
