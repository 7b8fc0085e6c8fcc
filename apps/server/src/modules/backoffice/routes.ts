import { dataEnvelope } from '@mutua/contracts/api';
import {
  ZAuditEntry,
  ZAuditQuery,
  ZCaseAssign,
  ZCaseDetail,
  ZCaseList,
  ZCaseNoteInput,
  ZCaseQuery,
  ZCaseReply,
  ZCaseStepInput,
  ZHandoffInput,
  ZHandoffResult,
  ZMemberHit,
  ZMemberSearchQuery,
  ZStaffEnrolment,
  ZStaffLogin,
  ZStaffLoginResult,
  ZStaffProfile,
  ZStaffTotp,
  ZStaffTotpResult,
  type TMemberHit,
} from '@mutua/contracts/backoffice';
import { ZAdminMaintenance } from '@mutua/contracts/backoffice-admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { members } from '../../db/schema';
import { markAddressUndeliverable } from '../members/public';
import { AppError } from '../../lib/app-error';
import { staffSessionOf } from '../../plugins/staff';
import { canonicalOrigin } from '../../plugins/tenant';
import { ZFeatureChange, setFeature, setMaintenance } from '../tenants/public';
import { findMemberByAdviserCode } from '../help/public';
import type { AppServices } from '../../core/module';
import { prepareNewMessageMail } from './member-mail';
import { addCaseNote, assignCase, caseDetail, listCases, moveCaseStep, replyToCase } from './cases';
import { tenantsOf } from '../../core/staff-sessions';
import { memberSearch } from './member-search';
import { searchAudit } from './audit-search';
import { createHandoff } from './handoff';
import { staffEnrolment, staffLogin, staffProfile, staffTotp, type StaffAuthDeps } from './staff-auth';
import { StaffSessionStore } from '../../core/staff-sessions';
import { STAFF, STAFF_LOGIN } from '../../http/access-presets';
import { staffAuditRecorder, caseHandlerOf } from './staff-acts';

const ZId = z.object({ id: z.uuid() });
const ok = dataEnvelope(z.object({ ok: z.literal(true) }));

/**
 * The back office's API, on the staff origin only (plugins/staff.ts): sign-in (password, then TOTP),
 * the queue and the case, member search and the handoff into a member's space, the audit search.
 */
export const backofficeRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  const { db, clock, audit } = services;
  const store = new StaffSessionStore(db, clock);
  const deps: StaffAuthDeps = { db, clock, audit, secret: services.secret, store };
  const record = staffAuditRecorder(audit);
  const handler = caseHandlerOf;

  // ── Sign-in ──
  app.get(
    '/auth/session',
    {
      config: { access: 'staff-login' },
      schema: { response: { 200: dataEnvelope(z.object({ stage: z.enum(['NONE', 'PASSWORD', 'ACTIVE']), staff: ZStaffProfile.nullable() })) } },
    },
    async (request, reply) => {
      reply.ensureXsrfToken();
      const session = request.staffSession;
      if (session?.stage !== 'ACTIVE') return { data: { stage: session ? ('PASSWORD' as const) : ('NONE' as const), staff: null } };
      const { memberId: _m, ...profile } = await staffProfile(db, session.staffId);
      return { data: { stage: 'ACTIVE' as const, staff: profile } };
    },
  );
  app.post(
    '/auth/login',
    { config: STAFF_LOGIN, schema: { body: ZStaffLogin, response: { 200: dataEnvelope(ZStaffLoginResult) } } },
    async (request, reply) => ({
      data: await staffLogin(deps, request, reply, request.body),
    }),
  );
  app.get('/auth/enrolment', { config: { access: 'staff-login' }, schema: { response: { 200: dataEnvelope(ZStaffEnrolment) } } }, async (request) => ({
    data: await staffEnrolment(deps, request),
  }));
  app.post('/auth/totp', { config: STAFF_LOGIN, schema: { body: ZStaffTotp, response: { 200: dataEnvelope(ZStaffTotpResult) } } }, async (request, reply) => ({
    data: await staffTotp(deps, request, reply, request.body.code),
  }));
  app.post('/auth/logout', { config: { access: 'staff-login' }, schema: { response: { 200: ok } } }, async (request, reply) => {
    const session = request.staffSession;
    if (session) {
      await store.end(session.id, 'LOGOUT');
      // The member spaces opened from this session close with it.
      await services.sessions.endAllOfStaffSession(session.id);
      await record(request, 'STAFF_LOGOUT', {});
    }
    reply.clearStaffCookie();
    request.staffSession = null;
    reply.issueXsrfToken();
    return { data: { ok: true as const } };
  });

  // ── Queue and case ──
  app.get('/cases', { config: STAFF, schema: { querystring: ZCaseQuery, response: { 200: dataEnvelope(ZCaseList) } } }, async (request) => {
    const session = staffSessionOf(request);
    return { data: await listCases(db, session.staffId, request.query, clock.now()) };
  });
  app.get('/cases/:id', { config: STAFF, schema: { params: ZId, response: { 200: dataEnvelope(ZCaseDetail) } } }, async (request) => {
    const session = staffSessionOf(request);
    const detail = await caseDetail(db, session.staffId, request.params.id, clock.now());
    if (!detail) throw new AppError('NOT_FOUND');
    await record(request, 'CASE_VIEWED', { caseId: detail.id }, detail);
    return { data: detail };
  });
  app.post('/cases/:id/reply', { config: STAFF, schema: { params: ZId, body: ZCaseReply, response: { 201: ok } } }, async (request, reply) => {
    const session = handler(request);
    const now = clock.now();
    // « Vous avez un nouveau message », queued in the same transaction (it leaves only if the answer is stored).
    const done = await replyToCase(db, session.staffId, request.params.id, request.body.message, now, (row) => prepareNewMessageMail(services, request, row));
    if (!done) throw new AppError('NOT_FOUND');
    services.notifier.wake();
    await record(
      request,
      'CASE_REPLIED',
      { caseId: request.params.id, messageId: done.messageId },
      { tenantId: done.row.tenant_id, memberId: done.row.member_id },
    );
    return reply.status(201).send({ data: { ok: true as const } });
  });
  app.post('/cases/:id/note', { config: STAFF, schema: { params: ZId, body: ZCaseNoteInput, response: { 201: ok } } }, async (request, reply) => {
    const session = handler(request);
    const done = await addCaseNote(db, session.staffId, request.params.id, request.body.body, clock.now());
    if (!done) throw new AppError('NOT_FOUND');
    await record(
      request,
      'CASE_NOTE_ADDED',
      { caseId: request.params.id, noteId: done.noteId },
      { tenantId: done.row.tenant_id, memberId: done.row.member_id },
    );
    return reply.status(201).send({ data: { ok: true as const } });
  });
  app.post('/cases/:id/step', { config: STAFF, schema: { params: ZId, body: ZCaseStepInput, response: { 200: ok } } }, async (request) => {
    const session = handler(request);
    const done = await moveCaseStep(db, session.staffId, request.params.id, request.body.step, clock.now());
    if (!done) throw new AppError('NOT_FOUND');
    await record(request, 'CASE_STEP', { caseId: request.params.id, step: request.body.step }, { tenantId: done.row.tenant_id, memberId: done.row.member_id });
    return { data: { ok: true as const } };
  });
  app.post('/cases/:id/assign', { config: STAFF, schema: { params: ZId, body: ZCaseAssign, response: { 200: ok } } }, async (request) => {
    const session = handler(request);
    const done = await assignCase(db, session.staffId, request.params.id, request.body, clock.now());
    if (!done) throw new AppError('NOT_FOUND');
    await record(
      request,
      'CASE_ASSIGNED',
      { caseId: request.params.id, assigneeId: request.body.staffId, priority: request.body.priority ?? null },
      { tenantId: done.row.tenant_id, memberId: done.row.member_id },
    );
    return { data: { ok: true as const } };
  });

  // ── Members ──
  app.get('/members', { config: STAFF, schema: { querystring: ZMemberSearchQuery, response: { 200: dataEnvelope(z.array(ZMemberHit)) } } }, async (request) => {
    const session = staffSessionOf(request);
    const scope = await tenantsOf(db, session.staffId);
    if (scope.length === 0) return { data: [] };
    const q = request.query.q;
    const result = await db.execute(memberSearch(scope, q));
    type Row = { id: string; tenant_id: string; membership_number: string; first_name: string | null; sur_name: string | null; email: string | null };
    const hit = (r: Row): TMemberHit => ({
      id: r.id,
      tenantId: r.tenant_id,
      name: [r.first_name, r.sur_name].filter(Boolean).join(' '),
      membershipNumber: r.membership_number,
      email: r.email,
    });
    const hits = (result as unknown as { rows: Row[] }).rows.map(hit);
    // An adviser code the member read out on the phone (help page).
    for (const tenantId of scope) {
      const match = await findMemberByAdviserCode(db, services.secret, { tenantId, code: q, now: clock.now() });
      if (!match || hits.some((h) => h.id === match.memberId)) continue;
      const found = await db.execute(sql`select m.id, m.tenant_id, m.membership_number, b.first_name, b.sur_name, c.email from members m
        left join beneficiaries b on b.member_id = m.id and b.family_position = 1 left join contacts c on c.member_id = m.id where m.id = ${match.memberId}`);
      hits.unshift(...(found as unknown as { rows: Row[] }).rows.map(hit));
    }
    await record(request, 'STAFF_MEMBER_SEARCH', { results: hits.length });
    return { data: hits };
  });
  app.post(
    '/members/:id/handoff',
    { config: STAFF, schema: { params: ZId, body: ZHandoffInput, response: { 201: dataEnvelope(ZHandoffResult) } } },
    async (request, reply) => {
      const session = staffSessionOf(request);
      const { mode, reason } = request.body;
      const created = await createHandoff(db, clock, {
        staffId: session.staffId,
        staffSessionId: session.id,
        role: session.role,
        memberId: request.params.id,
        mode,
        reason: reason ?? null,
      });
      if (!created) throw new AppError('NOT_FOUND');
      const tenant = await services.directory.byId(created.tenantId);
      if (!tenant) throw new AppError('NOT_FOUND');
      await record(request, 'BO_HANDOFF_CREATED', { mode, reason: reason ?? null }, { tenantId: tenant.id, memberId: request.params.id });
      const url = `${canonicalOrigin(request, tenant)}/api/bo-handoff?token=${encodeURIComponent(created.token)}`;
      return reply.status(201).send({ data: { url, expiresAt: created.expiresAt.toISOString() } });
    },
  );

  // La Poste returned the member's mail (« NPAI »): the address is flagged until the member changes it
  // (members/undeliverable-address.ts: home alert, paper card refused, verifySentByPostOffice).
  app.post('/members/:id/undeliverable-address', { config: STAFF, schema: { params: ZId, response: { 200: ok } } }, async (request) => {
    const session = handler(request);
    const scope = await tenantsOf(db, session.staffId);
    const [member] =
      scope.length === 0
        ? []
        : await db
            .select({ tenantId: members.tenantId })
            .from(members)
            .where(and(eq(members.id, request.params.id), inArray(members.tenantId, scope)));
    if (!member || !(await markAddressUndeliverable(db, request.params.id, clock.now()))) throw new AppError('NOT_FOUND');
    await record(request, 'BO_ADDRESS_UNDELIVERABLE', {}, { tenantId: member.tenantId, memberId: request.params.id });
    return { data: { ok: true as const } };
  });

  // ── Tenant settings (administrators, their tenants): the same change as the operator command. ──
  const administratorOf = async (request: FastifyRequest, tenantId: string) => {
    const session = staffSessionOf(request);
    if (!(await tenantsOf(db, session.staffId)).includes(tenantId)) throw new AppError('NOT_FOUND');
    if (session.role !== 'administrator') throw new AppError('FORBIDDEN');
  };
  app.put(
    '/tenants/:id/maintenance',
    { config: STAFF, schema: { params: z.object({ id: z.string().max(64) }), body: ZAdminMaintenance, response: { 200: ok } } },
    async (request) => {
      await administratorOf(request, request.params.id);
      await setMaintenance(db, request.params.id, request.body);
      await record(request, 'TENANT_MAINTENANCE_SET', { on: request.body.on, reason: request.body.reason }, { tenantId: request.params.id });
      return { data: { ok: true as const } };
    },
  );
  app.put(
    '/tenants/:id/features',
    { config: STAFF, schema: { params: z.object({ id: z.string().max(64) }), body: ZFeatureChange, response: { 200: ok } } },
    async (request) => {
      await administratorOf(request, request.params.id);
      await setFeature(db, request.params.id, request.body);
      await record(request, 'TENANT_FEATURE_SET', { featureId: request.body.featureId, enabled: request.body.enabled }, { tenantId: request.params.id });
      return { data: { ok: true as const } };
    },
  );

  // ── Audit ──
  app.get('/audit', { config: STAFF, schema: { querystring: ZAuditQuery, response: { 200: dataEnvelope(z.array(ZAuditEntry)) } } }, async (request) => {
    const session = staffSessionOf(request);
    if (session.role !== 'manager' && session.role !== 'administrator') throw new AppError('FORBIDDEN');
    return { data: await searchAudit(db, await tenantsOf(db, session.staffId), request.query) };
  });
};
