import { BO_MODE_COOKIE, BO_SESSION_MINUTES, ZHandoffConsume } from '@mutua/contracts/backoffice';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { staff } from '../../db/schema';
import { tenantOf } from '../../plugins/tenant';
import { sessionAuditRef } from '../../lib/session-ref';
import type { AppServices } from '../../core/module';
import { consumeHandoff } from './handoff';
import { DEMO_STAFF } from './seed';
import { currentTotp } from './totp';
import { inArray } from 'drizzle-orm';

/**
 * On the member's tenant host: GET /api/bo-handoff?token= uses the one-time token and opens a member
 * session flagged back-office (read-only or derogation, 30 minutes at most), then goes to the home page.
 * Outside production, GET /api/debug/staff-codes gives the demo staff's current TOTP codes (/debug page).
 */
export const backofficeMemberRoutes: FastifyPluginAsyncZod<AppServices> = async (app, { db, clock, audit, sessions, config }) => {
  app.get('/bo-handoff', { config: { access: 'public' }, schema: { querystring: ZHandoffConsume } }, async (request, reply) => {
    const tenant = tenantOf(request);
    const used = await consumeHandoff(db, clock, request.query.token, tenant.id);
    const bo = { mode: used.mode, staffId: used.staffId, staffSessionId: used.staffSessionId, reason: used.reason };
    const { cookieValue, session } = await sessions.open({
      accountId: used.accountId,
      memberId: used.memberId,
      tenantId: tenant.id,
      bo,
      ip: request.ip,
      userAgent: request.headers['user-agent'],
    });
    reply.setSessionCookies(cookieValue);
    reply.setCookie(BO_MODE_COOKIE, used.mode, { path: '/', sameSite: 'lax', secure: config.secureCookies, maxAge: BO_SESSION_MINUTES * 60 });
    request.session = session;
    reply.issueXsrfToken();
    await audit.record({
      kind: 'BO_SESSION_OPENED',
      tenantId: tenant.id,
      memberId: used.memberId,
      ip: request.ip,
      details: { staffId: used.staffId, mode: used.mode, reason: used.reason, session: sessionAuditRef(session.id) },
    });
    return reply.header('cache-control', 'no-store').redirect('/home', 303);
  });

  if (!config.debugTools) return;
  app.get(
    '/debug/staff-codes',
    {
      config: { access: 'debug', tenant: 'none' },
      schema: { response: { 200: z.object({ data: z.array(z.object({ email: z.string(), role: z.string(), code: z.string().nullable() })) }) } },
    },
    async () => {
      const emails = Object.values(DEMO_STAFF).map((s) => s.email);
      const rows = await db.select({ email: staff.email, role: staff.role, secret: staff.totpSecret }).from(staff).where(inArray(staff.email, emails));
      const now = clock.now();
      // Only the plain demo secrets (a sealed one belongs to a real enrolment).
      return { data: rows.map((r) => ({ email: r.email, role: r.role, code: r.secret && !r.secret.includes('.') ? currentTotp(r.secret, now) : null })) };
    },
  );
};
