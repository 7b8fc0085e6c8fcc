import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { Tenant } from '../../db/schema';
import type { BackgroundTasks } from '../../lib/background-tasks';
import { MINUTE_MS, type Clock } from '../../lib/clock';
import { tenantOf } from '../../plugins/tenant';
import type { AuditLog } from '../audit/audit-log';
import type { Mailer } from '../mail/mailer';
import { mailBrandOf, type MailBrand, type RenderedMail } from '../mail/templates';
import type { CounterRule, Counters } from './counters';
import type { SessionStore } from './session-store';

/** Everything the sign-in flows need, built once in app.ts. */
export type AuthDeps = {
  db: Db;
  clock: Clock;
  /** SESSION_SECRET: keys the code hashes. */
  secret: string;
  mailer: Mailer;
  audit: AuditLog;
  counters: Counters;
  sessions: SessionStore;
  background: BackgroundTasks;
  /** config.PUBLIC_URL: base of e-mailed links; else the request's own origin. */
  publicUrl: string | undefined;
  log: FastifyBaseLogger;
};

/** Who is asking: the tenant of the host, the client's address, and the origin links point to. */
export type RequestContext = { tenant: Tenant; ip: string; userAgent: string | undefined; origin: string; brand: MailBrand };

export function requestContext(request: FastifyRequest, publicUrl: string | undefined): RequestContext {
  const tenant = tenantOf(request);
  const origin = publicUrl ? publicUrl.replace(/\/+$/, '') : `${request.protocol}://${request.headers.host ?? 'localhost'}`;
  return { tenant, ip: request.ip, userAgent: request.headers['user-agent'], origin, brand: mailBrandOf(tenant, origin) };
}

/** Failures per IP address across accounts (passwords, codes, identity checks): 20 in 15 minutes block it for 15 minutes. */
export const IP_FAILURE_RULE: CounterRule = { windowMs: 15 * MINUTE_MS, max: 20, blockMs: 15 * MINUTE_MS };
export const ipFailureKey = (ip: string) => `ip-fail:${ip}`;
/** The same request mailed again within 5 minutes answers MAIL_ALREADY_SENT. */
export const MAIL_REPEAT_RULE: CounterRule = { windowMs: 5 * MINUTE_MS, max: Number.POSITIVE_INFINITY, blockMs: 0 };

export function fromAddress(tenant: Tenant): string {
  const name = tenant.name.replace(/["\\]/g, '');
  return `"${name}" <${tenant.settings.noReplyEmail}>`;
}

export async function sendMail(deps: AuthDeps, ctx: RequestContext, to: string, mail: RenderedMail): Promise<void> {
  await deps.mailer.send({ tenantId: ctx.tenant.id, kind: mail.kind, to, from: fromAddress(ctx.tenant), subject: mail.subject, text: mail.text, html: mail.html });
}

/** Counts a failure of this IP; audits the moment it becomes blocked. */
export async function recordIpFailure(deps: AuthDeps, ctx: RequestContext): Promise<void> {
  const state = await deps.counters.hit(ipFailureKey(ctx.ip), IP_FAILURE_RULE);
  if (state.hits === IP_FAILURE_RULE.max) {
    await deps.audit.record({ kind: 'IP_BLOCKED', tenantId: ctx.tenant.id, ip: ctx.ip, details: { until: state.blockedUntil?.toISOString() } });
  }
}

export async function isIpBlocked(deps: AuthDeps, ctx: RequestContext): Promise<boolean> {
  return (await deps.counters.blockedUntil(ipFailureKey(ctx.ip))) !== null;
}
