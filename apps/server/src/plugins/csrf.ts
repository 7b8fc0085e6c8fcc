import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { XSRF_COOKIE, XSRF_HEADER } from '@mutua/contracts/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Routes authenticated otherwise (operator bearer token) skip the anti-forgery check. */
    csrf?: false;
  }
  interface FastifyReply {
    /** Issues a fresh XSRF-TOKEN bound to the request's current session (call after login). */
    issueXsrfToken(): string;
  }
}

export type CsrfOptions = {
  secret: string;
  secureCookies: boolean;
  /** What the token is bound to: the session id when signed in, a constant before. */
  bindingOf(request: FastifyRequest): string;
};

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Anti-forgery token: `nonce.hmac(secret, binding:nonce)` in a readable cookie, echoed by the SPA in
 * X-XSRF-TOKEN. A request must send the header, equal to the cookie, and signed for its own session:
 * a token lifted from another session (or from before login) fails.
 */
export const csrfPlugin = fp(async (app: FastifyInstance, opts: CsrfOptions) => {
  const sign = (binding: string, nonce: string) => createHmac('sha256', opts.secret).update(`${binding}:${nonce}`).digest('base64url');

  const isValidFor = (request: FastifyRequest, token: string) => {
    const [nonce, mac] = token.split('.');
    if (!nonce || !mac) return false;
    const expected = Buffer.from(sign(opts.bindingOf(request), nonce));
    const given = Buffer.from(mac);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  app.decorateReply('issueXsrfToken', function (this: FastifyReply) {
    const nonce = randomBytes(18).toString('base64url');
    const token = `${nonce}.${sign(opts.bindingOf(this.request), nonce)}`;
    this.setCookie(XSRF_COOKIE, token, { path: '/', sameSite: 'lax', secure: opts.secureCookies, httpOnly: false });
    return token;
  });

  // Before the body is read and validated: a forged call learns nothing about what the route expects.
  // (Not onRequest: the session the token is bound to is resolved by the onRequest hooks after this one.)
  app.addHook('preParsing', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || request.routeOptions.config.csrf === false) return;
    const header = request.headers[XSRF_HEADER];
    const cookie = request.cookies[XSRF_COOKIE];
    if (typeof header !== 'string' || !cookie || header !== cookie || !isValidFor(request, header)) {
      throw new AppError('CSRF_INVALID');
    }
  });

  /** Keeps a valid token in place, replaces a missing or stale one (init calls this). */
  app.decorateReply('ensureXsrfToken', function (this: FastifyReply) {
    const current = this.request.cookies[XSRF_COOKIE];
    return current && isValidFor(this.request, current) ? current : this.issueXsrfToken();
  });
});

declare module 'fastify' {
  interface FastifyReply {
    ensureXsrfToken(): string;
  }
}
