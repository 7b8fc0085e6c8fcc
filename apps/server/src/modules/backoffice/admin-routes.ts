import { dataEnvelope } from '@mutua/contracts/api';
import {
  ZAdminFaqCategory,
  ZAdminLegalPage,
  ZAdminStaff,
  ZAdminTenant,
  ZAnnouncementInput,
  ZFaqCategoryInput,
  ZFaqCategoryUpdate,
  ZFaqEntryInput,
  ZFaqThemeInput,
  ZFaqThemeUpdate,
  ZLegalPageVersionInput,
  ZSlaInput,
  ZStaffCreateInput,
  ZStaffUpdateInput,
  type TAdminStaff,
} from '@mutua/contracts/backoffice-admin';
import { ZAdminLegalNoticeResponse, ZLegalNoticeInput } from '@mutua/contracts/legal-notice';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray, isNull, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { caseSla, staff, staffSessions, staffTenants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { staffSessionOf } from '../../plugins/staff';
import { hashPassword } from '../auth/public';
import { adminFaq, createFaqCategory, createFaqEntry, createFaqTheme, updateFaqCategory, updateFaqEntry, updateFaqTheme } from '../faq/public';
import { getAnnouncement, setAnnouncement } from '../home-notices/public';
import { findLegalNotice, listCurrentLegalPages, publishLegalPageVersion, saveLegalNotice } from '../members/public';
import { listTenants } from '../tenants/public';
import type { AppServices } from '../../core/module';
import { tenantsOf } from '../../core/staff-sessions';
import { STAFF } from '../../http/access-presets';

const ok = dataEnvelope(z.object({ ok: z.literal(true) }));
const ZTenantId = z.object({ id: z.string().max(64) });
const ZSlug = z.string().max(60);

/**
 * Tenant administration by staff administrators, for their tenants only (another tenant reads as
 * missing, any other role is refused): maintenance, announcement, SLA table, FAQ, legal pages, mentions
 * légales, staff
 * accounts. Each change is a database write the member portal reads again within a second (the tenant
 * directory keeps a tenant ≤ 1 s; the read cache drops the rest on the change notice), on every
 * instance; each is audited.
 * PUT /api/bo/tenants/{id}/features lives in routes.ts (the operator change).
 */
export const backofficeAdminRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  const { db, clock, audit } = services;
  const record = (request: FastifyRequest, kind: string, tenantId: string | null, details: Record<string, unknown>) =>
    audit.record({ kind, tenantId, memberId: null, ip: request.ip, details: { staffId: request.staffSession?.staffId, ...details } });

  /** The administrator's tenants; 403 for any other role. */
  const adminScope = async (request: FastifyRequest) => {
    const session = staffSessionOf(request);
    if (session.role !== 'administrator') throw new AppError('FORBIDDEN');
    return { session, scope: await tenantsOf(db, session.staffId) };
  };
  /** A tenant of the staff member (else 404), and the staff member an administrator (else 403). */
  const administratorOf = async (request: FastifyRequest, tenantId: string) => {
    const session = staffSessionOf(request);
    if (!(await tenantsOf(db, session.staffId)).includes(tenantId)) throw new AppError('NOT_FOUND');
    if (session.role !== 'administrator') throw new AppError('FORBIDDEN');
    return session;
  };

  // ── Tenants ──
  app.get('/admin/tenants', { config: STAFF, schema: { response: { 200: dataEnvelope(z.array(ZAdminTenant)) } } }, async (request) => {
    const { scope } = await adminScope(request);
    const all = (await listTenants(db)).filter((t) => scope.includes(t.id));
    const slas = scope.length ? await db.select().from(caseSla).where(inArray(caseSla.tenantId, scope)) : [];
    const data = [];
    for (const t of all) {
      data.push({
        id: t.id,
        name: t.name,
        maintenance: t.maintenance,
        maintenanceReason: t.maintenanceReason,
        features: t.features.map((f) => ({ featureId: f.feature_id, enabled: f.enabled })),
        announcement: await getAnnouncement(db, t.id),
        sla: slas.filter((s) => s.tenantId === t.id).map((s) => ({ family: s.family, days: s.days })),
      });
    }
    return { data };
  });
  app.put('/tenants/:id/announcement', { config: STAFF, schema: { params: ZTenantId, body: ZAnnouncementInput, response: { 200: ok } } }, async (request) => {
    await administratorOf(request, request.params.id);
    await setAnnouncement(db, request.params.id, request.body);
    await record(request, 'TENANT_ANNOUNCEMENT_SET', request.params.id, {
      displayed: request.body.displayed,
      startsAt: request.body.startsAt,
      endsAt: request.body.endsAt,
    });
    return { data: { ok: true as const } };
  });
  app.put('/tenants/:id/sla', { config: STAFF, schema: { params: ZTenantId, body: ZSlaInput, response: { 200: ok } } }, async (request) => {
    await administratorOf(request, request.params.id);
    const tenantId = request.params.id;
    await db.transaction(async (tx) => {
      for (const e of request.body.entries) {
        await tx
          .insert(caseSla)
          .values({ tenantId, family: e.family, days: e.days })
          .onConflictDoUpdate({ target: [caseSla.tenantId, caseSla.family], set: { days: e.days } });
      }
    });
    await record(request, 'TENANT_SLA_SET', tenantId, { entries: request.body.entries });
    return { data: { ok: true as const } };
  });

  // ── FAQ ──
  const faqParams = ZTenantId.extend({ category: ZSlug });
  const themeParams = faqParams.extend({ theme: ZSlug });
  app.get(
    '/tenants/:id/faq',
    { config: STAFF, schema: { params: ZTenantId, response: { 200: dataEnvelope(z.array(ZAdminFaqCategory)) } } },
    async (request) => {
      await administratorOf(request, request.params.id);
      return { data: await adminFaq(db, request.params.id) };
    },
  );
  app.post(
    '/tenants/:id/faq/categories',
    { config: STAFF, schema: { params: ZTenantId, body: ZFaqCategoryInput, response: { 201: ok } } },
    async (request, reply) => {
      await administratorOf(request, request.params.id);
      await createFaqCategory(db, request.params.id, request.body);
      await record(request, 'FAQ_CATEGORY_CREATED', request.params.id, { categoryId: request.body.id });
      return reply.status(201).send({ data: { ok: true as const } });
    },
  );
  /** Shown or hidden, renamed (title, description) or moved one place: the member's FAQ follows within a second. */
  app.put(
    '/tenants/:id/faq/categories/:category',
    { config: STAFF, schema: { params: faqParams, body: ZFaqCategoryUpdate, response: { 200: ok } } },
    async (request) => {
      await administratorOf(request, request.params.id);
      await updateFaqCategory(db, request.params.id, request.params.category, request.body);
      await record(request, 'FAQ_CATEGORY_SET', request.params.id, { categoryId: request.params.category, ...request.body });
      return { data: { ok: true as const } };
    },
  );
  app.post(
    '/tenants/:id/faq/categories/:category/themes',
    { config: STAFF, schema: { params: faqParams, body: ZFaqThemeInput, response: { 201: ok } } },
    async (request, reply) => {
      await administratorOf(request, request.params.id);
      await createFaqTheme(db, request.params.id, request.params.category, request.body);
      await record(request, 'FAQ_THEME_CREATED', request.params.id, { categoryId: request.params.category, themeId: request.body.id });
      return reply.status(201).send({ data: { ok: true as const } });
    },
  );
  app.put(
    '/tenants/:id/faq/categories/:category/themes/:theme',
    { config: STAFF, schema: { params: themeParams, body: ZFaqThemeUpdate, response: { 200: ok } } },
    async (request) => {
      await administratorOf(request, request.params.id);
      await updateFaqTheme(db, request.params.id, request.params.category, request.params.theme, request.body);
      await record(request, 'FAQ_THEME_SET', request.params.id, { categoryId: request.params.category, themeId: request.params.theme, ...request.body });
      return { data: { ok: true as const } };
    },
  );
  app.post(
    '/tenants/:id/faq/categories/:category/themes/:theme/entries',
    { config: STAFF, schema: { params: themeParams, body: ZFaqEntryInput, response: { 201: dataEnvelope(z.object({ id: z.uuid() })) } } },
    async (request, reply) => {
      await administratorOf(request, request.params.id);
      const id = await createFaqEntry(db, request.params.id, request.params.category, request.params.theme, request.body);
      await record(request, 'FAQ_ENTRY_CREATED', request.params.id, { entryId: id });
      return reply.status(201).send({ data: { id } });
    },
  );
  app.put(
    '/tenants/:id/faq/entries/:entry',
    { config: STAFF, schema: { params: ZTenantId.extend({ entry: z.uuid() }), body: ZFaqEntryInput, response: { 200: ok } } },
    async (request) => {
      await administratorOf(request, request.params.id);
      await updateFaqEntry(db, request.params.id, request.params.entry, request.body);
      await record(request, 'FAQ_ENTRY_UPDATED', request.params.id, { entryId: request.params.entry });
      return { data: { ok: true as const } };
    },
  );

  // ── Legal pages ──
  app.get(
    '/tenants/:id/legal-pages',
    { config: STAFF, schema: { params: ZTenantId, response: { 200: dataEnvelope(z.array(ZAdminLegalPage)) } } },
    async (request) => {
      await administratorOf(request, request.params.id);
      return { data: await listCurrentLegalPages(db, request.params.id) };
    },
  );
  app.post(
    '/tenants/:id/legal-pages',
    { config: STAFF, schema: { params: ZTenantId, body: ZLegalPageVersionInput, response: { 201: dataEnvelope(z.object({ version: z.number().int() })) } } },
    async (request, reply) => {
      await administratorOf(request, request.params.id);
      const version = await publishLegalPageVersion(db, request.params.id, request.body, clock.now());
      await record(request, 'LEGAL_PAGE_PUBLISHED', request.params.id, {
        type: request.body.type,
        version,
        requiresAcceptance: request.body.requiresAcceptance,
      });
      return reply.status(201).send({ data: { version } });
    },
  );

  // ── Mentions légales ──
  app.get('/tenants/:id/legal-notice', { config: STAFF, schema: { params: ZTenantId, response: { 200: ZAdminLegalNoticeResponse } } }, async (request) => {
    await administratorOf(request, request.params.id);
    return { data: await findLegalNotice(db, request.params.id) };
  });
  app.put('/tenants/:id/legal-notice', { config: STAFF, schema: { params: ZTenantId, body: ZLegalNoticeInput, response: { 200: ok } } }, async (request) => {
    await administratorOf(request, request.params.id);
    await saveLegalNotice(db, request.params.id, request.body, clock.now());
    await record(request, 'LEGAL_NOTICE_UPDATED', request.params.id, {});
    return { data: { ok: true as const } };
  });

  // ── Staff accounts ──
  /** The staff of the administrator's tenants (sharing at least one); others read as missing. */
  const staffInScope = async (scope: string[], staffId?: string): Promise<TAdminStaff[]> => {
    if (scope.length === 0) return [];
    const links = await db.select().from(staffTenants);
    const visible = new Set(links.filter((l) => scope.includes(l.tenantId)).map((l) => l.staffId));
    const rows = await db
      .select()
      .from(staff)
      .where(staffId ? eq(staff.id, staffId) : undefined)
      .orderBy(staff.displayName);
    const now = clock.now();
    return rows
      .filter((r) => visible.has(r.id))
      .map((r) => ({
        id: r.id,
        email: r.email,
        displayName: r.displayName,
        role: r.role,
        tenants: links
          .filter((l) => l.staffId === r.id)
          .map((l) => l.tenantId)
          .sort(),
        active: r.active,
        enrolled: !!r.totpConfirmedAt,
        blocked: !!r.blockedUntil && r.blockedUntil > now,
      }));
  };
  const oneStaff = async (request: FastifyRequest, staffId: string) => {
    const { session, scope } = await adminScope(request);
    const [found] = await staffInScope(scope, staffId);
    if (!found) throw new AppError('NOT_FOUND');
    return { session, scope, found };
  };
  /** Ends the staff member's sessions now, and the member spaces they opened. */
  const endSessionsOf = async (staffId: string, reason: string) => {
    const ended = await db
      .update(staffSessions)
      .set({ endedAt: clock.now(), endReason: reason })
      .where(and(eq(staffSessions.staffId, staffId), isNull(staffSessions.endedAt)))
      .returning({ id: staffSessions.id });
    for (const s of ended) await services.sessions.endAllOfStaffSession(s.id);
    return ended.length;
  };
  const ZStaffId = z.object({ id: z.uuid() });

  app.get('/admin/staff', { config: STAFF, schema: { response: { 200: dataEnvelope(z.array(ZAdminStaff)) } } }, async (request) => {
    const { scope } = await adminScope(request);
    return { data: await staffInScope(scope) };
  });
  app.post('/admin/staff', { config: STAFF, schema: { body: ZStaffCreateInput, response: { 201: dataEnvelope(ZAdminStaff) } } }, async (request, reply) => {
    const { scope } = await adminScope(request);
    const input = request.body;
    if (input.tenants.some((t) => !scope.includes(t))) throw new AppError('NOT_FOUND');
    const [taken] = await db.select({ id: staff.id }).from(staff).where(eq(staff.email, input.email));
    if (taken) throw new AppError('STAFF_EMAIL_TAKEN');
    const passwordHash = await hashPassword(input.password);
    const id = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(staff)
        .values({ email: input.email, displayName: input.displayName, role: input.role, passwordHash })
        .returning({ id: staff.id });
      await tx.insert(staffTenants).values([...new Set(input.tenants)].map((tenantId) => ({ staffId: row!.id, tenantId })));
      return row!.id;
    });
    await record(request, 'STAFF_CREATED', null, { targetStaffId: id, role: input.role, tenants: input.tenants });
    const [created] = await staffInScope(scope, id);
    return reply.status(201).send({ data: created! });
  });
  app.put(
    '/admin/staff/:id',
    { config: STAFF, schema: { params: ZStaffId, body: ZStaffUpdateInput, response: { 200: dataEnvelope(ZAdminStaff) } } },
    async (request) => {
      const { session, scope, found } = await oneStaff(request, request.params.id);
      const input = request.body;
      if (found.id === session.staffId) throw new AppError('STAFF_SELF_CHANGE');
      if (input.tenants?.some((t) => !scope.includes(t))) throw new AppError('NOT_FOUND');
      await db.transaction(async (tx) => {
        if (input.role !== undefined || input.active !== undefined) {
          await tx
            .update(staff)
            .set({ ...(input.role ? { role: input.role } : {}), ...(input.active !== undefined ? { active: input.active } : {}) })
            .where(eq(staff.id, found.id));
        }
        if (input.tenants) {
          // Only the administrator's tenants change; the staff's other tenants stay.
          const keep = found.tenants.filter((t) => !scope.includes(t));
          await tx.delete(staffTenants).where(and(eq(staffTenants.staffId, found.id), keep.length ? notInArray(staffTenants.tenantId, keep) : undefined));
          await tx.insert(staffTenants).values([...new Set(input.tenants)].map((tenantId) => ({ staffId: found.id, tenantId })));
        }
      });
      const roleChanged = input.role !== undefined && input.role !== found.role;
      const deactivated = input.active === false && found.active;
      const scopeChanged = !!input.tenants && [...new Set(input.tenants)].sort().join() !== found.tenants.filter((t) => scope.includes(t)).join();
      // Deactivated, role or tenants changed: every session ends at once (and the member spaces opened from them).
      const ended = roleChanged || deactivated || scopeChanged ? await endSessionsOf(found.id, deactivated ? 'DEACTIVATED' : 'ROLE_CHANGED') : 0;
      await record(request, 'STAFF_UPDATED', null, {
        targetStaffId: found.id,
        role: input.role ?? null,
        active: input.active ?? null,
        tenants: input.tenants ?? null,
        sessionsEnded: ended,
      });
      const [updated] = await staffInScope(await tenantsOf(db, session.staffId), found.id);
      return { data: updated ?? { ...found, active: input.active ?? found.active } };
    },
  );
  app.post('/admin/staff/:id/totp-reset', { config: STAFF, schema: { params: ZStaffId, response: { 200: ok } } }, async (request) => {
    const { session, found } = await oneStaff(request, request.params.id);
    if (found.id === session.staffId) throw new AppError('STAFF_SELF_CHANGE');
    await db.update(staff).set({ totpSecret: null, totpConfirmedAt: null, totpLastStep: null, recoveryCodeHashes: [] }).where(eq(staff.id, found.id));
    const ended = await endSessionsOf(found.id, 'TOTP_RESET');
    await record(request, 'STAFF_TOTP_RESET', null, { targetStaffId: found.id, sessionsEnded: ended });
    return { data: { ok: true as const } };
  });
  app.post('/admin/staff/:id/unblock', { config: STAFF, schema: { params: ZStaffId, response: { 200: ok } } }, async (request) => {
    const { found } = await oneStaff(request, request.params.id);
    await db.update(staff).set({ consecutiveFailures: 0, blockedUntil: null }).where(eq(staff.id, found.id));
    await record(request, 'STAFF_UNBLOCKED', null, { targetStaffId: found.id });
    return { data: { ok: true as const } };
  });
};
