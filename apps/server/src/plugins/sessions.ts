import { SESSION_ABSOLUTE_HOURS, SESSION_COOKIE } from '@mutua/contracts/auth';
import { VAUTH_COOKIE } from '@mutua/contracts/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { timingSafeEqual } from 'node:crypto';
import { AppError } from '../lib/app-error';
import { sessionAuditRef } from '../lib/session-ref';
import type { ReadCache } from '../lib/read-cache';
import type { AuditLog } from '../core/audit-log';
import type { ActiveSession, SessionStore } from '../core/session-store';
import { ACCESS_LEVELS, BO_SESSION_CALL, READ_ONLY_WRITE_REFUSED, isReadOnly, type AccessLevel } from './access';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in session, resolved before any /api route runs; null when anonymous. */
    session: ActiveSession | null;
    /** A valid session of another tenant was presented on this host. */
    sessionOfOtherTenant: boolean;
  }
  interface FastifyInstance {
    /** Every registered route with its access level (the route-table tests read it). */
    routeAccess(): { method: string; url: string; access: AccessLevel }[];
  }
  interface FastifyReply {
    /** Sets the HttpOnly session cookie and the readable `vauth=true` that tells the SPA it is signed in. */
    setSessionCookies(cookieValue: string): void;
    /** Clears both (logout, expired or unknown session). */
    clearSessionCookies(): void;
  }
}

export type SessionsPluginOptions = {
  store: SessionStore;
  readCache: ReadCache;
  audit: AuditLog;
  secureCookies: boolean;
  /** The bearer token of `operator` routes. */
  operatorToken: string;
  /** Whether `debug` routes answer (never in production). */
  debugTools: boolean;
};

const MAX_AGE_S = SESSION_ABSOLUTE_HOURS * 3600;
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const SIGNED_IN = new Set<AccessLevel>(['member', 'member-write']);

/** The session of a `member` or `member-write` route (the access hook guarantees it). */
export function sessionOf(request: FastifyRequest): ActiveSession {
  if (!request.session) throw new AppError('UNAUTHENTICATED');
  return request.session;
}

/**
 * Resolves the session cookie on every /api request (except host-less routes such as heartbeat) and
 * enforces each route's access level (see access.ts). An ended, expired or unknown cookie is cleared
 * together with vauth, and a fresh anonymous anti-forgery token is issued so the login form works
 * straight away.
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

  // Fail closed: the app does not start while a route declares no access level.
  const routes: { method: string | string[]; url: string; config?: { access?: string } }[] = [];
  app.addHook('onRoute', (route) => {
    routes.push(route);
  });
  app.decorate('routeAccess', () =>
    routes.flatMap((r) => [r.method].flat().map((method) => ({ method, url: r.url, access: r.config?.access as AccessLevel }))),
  );
  app.addHook('onReady', async () => {
    const missing = routes.filter((r) => !ACCESS_LEVELS.includes(r.config?.access as AccessLevel));
    if (missing.length) throw new Error(`routes without an access level: ${missing.map((r) => `${String(r.method)} ${r.url}`).join(', ')}`);
  });

  const expectedOperator = Buffer.from(`Bearer ${opts.operatorToken}`);
  const isOperator = (request: FastifyRequest) => {
    const given = Buffer.from(request.headers.authorization ?? '');
    return LOOPBACK.has(request.ip) && given.length === expectedOperator.length && timingSafeEqual(given, expectedOperator);
  };

  /** Resolves the session cookie; an ended, expired or unknown one is cleared with a fresh anonymous token. */
  const resolveSession = async (request: FastifyRequest, reply: FastifyReply) => {
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
  };

  // A member's write drops what this instance kept of them before the answer leaves: the next read,
  // here, sees it (other instances drop it on the database's change notice). A write refused (4xx)
  // changed nothing: what is kept stays (a change it made anyway still sends its notice).
  app.addHook('onSend', async (request, reply, payload) => {
    const refused = reply.statusCode >= 400 && reply.statusCode < 500;
    if (request.session && request.method !== 'GET' && request.method !== 'HEAD' && !refused) opts.readCache.forget(`m:${request.session.memberId}`);
    return payload;
  });

  // Every call made in a member session opened from the back office is audited: staff, member, mode, reason.
  app.addHook('onResponse', async (request, reply) => {
    const bo = request.session?.bo;
    if (!bo) return;
    await opts.audit.record({
      kind: BO_SESSION_CALL,
      tenantId: request.session!.tenantId,
      memberId: request.session!.memberId,
      ip: request.ip,
      details: {
        staffId: bo.staffId,
        mode: bo.mode,
        reason: bo.reason,
        session: sessionAuditRef(request.session!.id),
        method: request.method,
        route: request.routeOptions.url ?? null,
        status: reply.statusCode,
      },
    });
  });

  // The one access check, before the anti-forgery check and the body: an expired session reads as expired.
  app.addHook('onRequest', async (request, reply) => {
    const { access, tenant } = request.routeOptions.config;
    if (access === 'operator' && !isOperator(request)) throw new AppError('FORBIDDEN');
    if (access === 'debug' && !opts.debugTools) throw new AppError('NOT_FOUND');
    if (!request.url.startsWith('/api/') || tenant === 'none') return;
    await resolveSession(request, reply);
    if (!access || !SIGNED_IN.has(access)) return;
    if (request.sessionOfOtherTenant) throw new AppError('ENVIRONMENT_NOT_AUTHORISED');
    const session = request.session;
    if (!session) throw new AppError('UNAUTHENTICATED');
    if (access === 'member-write' && isReadOnly(session)) {
      await opts.audit.record({
        kind: READ_ONLY_WRITE_REFUSED,
        tenantId: session.tenantId,
        memberId: session.memberId,
        ip: request.ip,
        details: {
          method: request.method,
          route: request.routeOptions.url,
          ...(session.bo ? { staffId: session.bo.staffId, mode: session.bo.mode, session: sessionAuditRef(session.id) } : {}),
        },
      });
      throw new AppError('FORBIDDEN');
    }
  });
});
