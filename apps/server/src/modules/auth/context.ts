import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { Tenant } from '../../db/schema';
import { MINUTE_MS } from '../../lib/clock';
import { sessionOf } from '../../plugins/sessions';
import { canonicalOrigin, tenantOf } from '../../plugins/tenant';
import { mailBrandOf, type MailBrand, type RenderedMail } from '../mail/public';
import type { CounterRule } from '../../core/counters';
import type { AppServices } from '../../core/module';

/** What the sign-in flows use of the app's services (built once in app.ts). */
export type AuthDeps = Pick<AppServices, 'db' | 'clock' | 'secret' | 'notifier' | 'jobs' | 'audit' | 'counters' | 'sessions' | 'publicUrl' | 'log'>;

/** Who is asking: the tenant of the host, the client's address, and the origin links point to. */
export type RequestContext = { tenant: Tenant; ip: string; userAgent: string | undefined; origin: string; brand: MailBrand };

export function requestContext(request: FastifyRequest, publicUrl: string | undefined): RequestContext {
  const tenant = tenantOf(request);
  const origin = publicUrl ? publicUrl.replace(/\/+$/, '') : canonicalOrigin(request, tenant);
  return { tenant, ip: request.ip, userAgent: request.headers['user-agent'], origin, brand: mailBrandOf(tenant, origin) };
}

/** Failures per IP address across accounts (passwords, codes, identity checks): 20 in 15 minutes block it for 15 minutes. */
export const IP_FAILURE_RULE: CounterRule = { windowMs: 15 * MINUTE_MS, max: 20, blockMs: 15 * MINUTE_MS };
export const ipFailureKey = (ip: string) => `ip-fail:${ip}`;
/** The same request mailed again within 5 minutes answers MAIL_ALREADY_SENT. */
export const MAIL_REPEAT_RULE: CounterRule = { windowMs: 5 * MINUTE_MS, max: Number.POSITIVE_INFINITY, blockMs: 0 };

export function fromAddress(tenant: Pick<Tenant, 'name' | 'settings'>): string {
  const name = tenant.name.replace(/["\\]/g, '');
  return `"${name}" <${tenant.settings.noReplyEmail}>`;
}

/** Tenant and brand as a job can carry them (a job runs without the request). */
export type MailContext = Pick<RequestContext, 'brand' | 'origin'> & { tenant: Pick<Tenant, 'id' | 'name' | 'settings'> };

const messageOf = (ctx: MailContext, to: string, mail: RenderedMail) => ({
  tenantId: ctx.tenant.id,
  kind: mail.kind,
  to,
  from: fromAddress(ctx.tenant),
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
});

/** One-time codes only: sent during the request, a failure answered at once (see Notifier). */
export async function mailNow(deps: AuthDeps, ctx: MailContext, to: string, mail: RenderedMail): Promise<void> {
  await deps.notifier.mailNow(messageOf(ctx, to, mail));
}

/** Every other mail: queued, durable, retried; inside `tx` when the mail belongs to state it creates. */
export async function queueMail(deps: AuthDeps, ctx: MailContext, to: string, mail: RenderedMail, tx?: Pick<Db, 'execute'>): Promise<void> {
  await deps.notifier.enqueue({ channel: 'EMAIL', mail: messageOf(ctx, to, mail) }, { tx });
  if (!tx) deps.notifier.wake();
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

/** Audits what the signed-in member did: their tenant, member id and IP, and the act's details. */
export function recordMemberAct(audit: AppServices['audit'], request: FastifyRequest, kind: string, details?: Record<string, unknown>): Promise<void> {
  return audit.record({ kind, tenantId: tenantOf(request).id, memberId: sessionOf(request).memberId, ip: request.ip, ...(details ? { details } : {}) });
}
