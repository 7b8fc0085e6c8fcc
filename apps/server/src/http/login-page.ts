import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { ACCESSIBILITY_STATE } from '@mutua/contracts/accessibility-state';
import { SESSION_COOKIE } from '@mutua/contracts/auth';
import { brandCssVariables, fontStack } from '@mutua/contracts/brand-style';
import { VAUTH_COOKIE } from '@mutua/contracts/platform';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Tenant } from '../db/schema';
import type { SessionStore } from '../core/session-store';
import type { HealthProbe } from '../core/health-probe';
import { brandOf } from '../core/brand';
import type { TenantDirectory } from '../core/tenant-directory';
import { escapeHtml } from './html';

/**
 * /login, rendered here: the web build's login.html (apps/web) with the tenant's name, favicon,
 * colours, fonts, roundings, logo and no-reply address in place of its `<!--mutua:…-->` comments. The
 * page paints from the first response, before any script: the SPA's framework alone
 * outweighed the page's budget); its script only checks, sends and hands over to the code step.
 *
 * The SPA's guard (apps/web/src/app/guard.ts) is applied to the page here, with what the server
 * knows: the database away, the tenant in maintenance or its brand broken → /maintenance (rules 3, 4),
 * no tenant for the host → /no-brand (rule 5), a `timeout` parameter → /maintenance?timeout=true
 * (rule 4), signed in → /home (rule 9).
 */
export type LoginPageDeps = {
  /** Path of the template: the build's dist/login.html, or the source one in development (LOGIN_TEMPLATE). */
  templatePath: string;
  directory: TenantDirectory;
  sessions: SessionStore;
  /** The heartbeat's database check (shared, kept a second): a database away sends to maintenance. */
  health: HealthProbe;
  /** Answers what is not the member portal's (the back office's host names get their SPA). */
  otherHost: (request: FastifyRequest) => boolean;
  sendOther: (request: FastifyRequest, reply: FastifyReply) => unknown;
};

/** The page for a tenant: pure, so that it can be checked without a server. */
export function renderLoginPage(template: string, tenant: Tenant): string {
  const brand = brandOf(tenant);
  const charter = brand.graphical_charter;
  const variables: Record<string, string> = {
    ...brandCssVariables(charter),
    '--mutua-font-body': fontStack(charter.fonts.body),
    '--mutua-font-heading': fontStack(charter.fonts.heading),
    '--mutua-radius-sm': `${charter.rounding.small}px`,
    '--mutua-radius-md': `${charter.rounding.medium}px`,
    '--mutua-radius-lg': `${charter.rounding.large}px`,
  };
  // Every value is a normalised hex colour, a sanitised font stack or a number; `<` is refused anyway.
  const css = `:root{${Object.entries(variables)
    .map(([name, value]) => `${name}:${value.replace(/</g, '')}`)
    .join(';')}}`;
  const head = [
    `<title>${escapeHtml(brand.name)} - Connexion</title>`,
    `<link rel="icon" type="image/svg+xml" href="${escapeHtml(charter.favicon)}" />`,
    `<style>${css}</style>`,
  ].join('\n    ');
  // The SPA's login layout: the logo names the brand (its only label); decoded off the main thread.
  const logo = `<img class="logo" src="${escapeHtml(charter.logo)}" alt="${escapeHtml(brand.name)}" height="40" decoding="async" />`;
  const sender = tenant.settings.noReplyEmail ? escapeHtml(tenant.settings.noReplyEmail) : 'notre adresse d’envoi';
  const filled = template
    .replace('<!--mutua:head-->', head)
    .replace('<!--mutua:logo-->', logo)
    .replace('<!--mutua:sender-->', sender)
    // The footer's accessibility state, as the SPA's footer shows it (the audit grid's).
    .replace(/<!--mutua:a11y-state-->[^<]*<!--\/mutua:a11y-state-->/, ACCESSIBILITY_STATE);
  if (filled.includes('<!--mutua:')) throw new Error('login.html has a placeholder the server does not fill');
  return filled;
}

type Rendered = { html: string; br: Buffer; gzip: Buffer };

export async function loginPage(app: FastifyInstance, deps: LoginPageDeps): Promise<void> {
  const template = readFileSync(deps.templatePath, 'utf8');
  // The directory hands out one object per tenant until its next read (a second at most): the page and
  // its compressed forms are made once per tenant and revision, not per request.
  const rendered = new WeakMap<Tenant, Rendered>();
  const pageOf = (tenant: Tenant): Rendered => {
    let page = rendered.get(tenant);
    if (!page) {
      const html = renderLoginPage(template, tenant);
      page = { html, br: brotliCompressSync(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }), gzip: gzipSync(html, { level: 9 }) };
      rendered.set(tenant, page);
    }
    return page;
  };

  const show = async (request: FastifyRequest, reply: FastifyReply) => {
    if (deps.otherHost(request)) return deps.sendOther(request, reply);
    const to = (location: string) => reply.header('cache-control', 'no-store').redirect(location, 302);
    if ((await deps.health.status()) !== 'UP') return to('/maintenance');
    let tenant: Tenant | null;
    let page: Rendered | null = null;
    try {
      tenant = await deps.directory.byHost(request.headers.host);
      if (tenant && !tenant.maintenance) page = pageOf(tenant);
    } catch (error) {
      request.log.error({ err: error }, 'login page: the tenant or its brand cannot be read');
      return to('/maintenance');
    }
    if (!tenant) return to('/no-brand');
    if (!page) return to('/maintenance');
    const timeout = (request.query as Record<string, unknown>).timeout;
    if (typeof timeout === 'string' && timeout !== 'false') return to('/maintenance?timeout=true');

    const cookie = request.cookies[SESSION_COOKIE];
    if (cookie) {
      const resolved = await deps.sessions.resolve(cookie);
      if (resolved.kind === 'active' && resolved.session.tenantId === tenant.id) return to('/home');
      // Ended or expired: the SPA would meet it on its next call; forgotten here at once.
      if (resolved.kind !== 'active') reply.clearSessionCookies();
    } else if (request.cookies[VAUTH_COOKIE]) {
      reply.clearSessionCookies();
    }
    // The form's call carries the anti-forgery token this cookie holds (the SPA gets it from /init).
    reply.ensureXsrfToken();

    const accepts = String(request.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
    // no-store, not index.html's no-cache: the answer depends on the visitor's cookies and sets one.
    reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').header('vary', 'Accept-Encoding');
    if (encoding) reply.header('content-encoding', encoding);
    return reply.send(encoding === 'br' ? page.br : encoding === 'gzip' ? page.gzip : page.html);
  };

  for (const url of ['/login', '/login/']) app.get(url, show);

  // The form posted before its script loaded (a very slow network): nothing is read or kept — the
  // page again, where the script now runs. The form's method is POST so that a password never
  // travels in an address.
  await app.register(async (scope) => {
    scope.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data'], (_request, payload, done) => {
      payload.resume();
      payload.on('end', () => done(null, null));
    });
    scope.post('/login', { config: { csrf: false } }, async (_request, reply) => reply.header('cache-control', 'no-store').redirect('/login', 303));
  });
}
