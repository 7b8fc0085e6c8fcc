import { dataEnvelope } from '@mutua/contracts/api';
import {
  AUTO_DECISION_REASON_LABELS,
  ZAutoDecisionRulesUpdate,
  ZClaimDecision,
  ZPostCheck,
  ZPostCheckDecision,
  ZTenantAutoDecisionRules,
  type TClaimDecision,
} from '@mutua/contracts/auto-decision';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { claimDecisions } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { staffSessionOf } from '../../plugins/staff';
import { canonicalOrigin } from '../../plugins/tenant';
import { tenantsOf } from '../../core/staff-sessions';
import type { AppServices } from '../../core/module';
import { listTenants } from '../tenants/public';
import { decidePostCheck, listPostChecks } from './post-checks';
import { currentRuleSet, saveRuleSet } from './rules';

const STAFF = { access: 'staff' } as const;
const ZCaseId = z.object({ id: z.uuid() });

/**
 * The back office's side of automatic decisions (/api/bo): each tenant's rules (read by its staff,
 * changed by its administrators, each change a new audited version), the decision shown on a claim's
 * case, and the managers' post-check queue.
 */
export const claimDecisionRoutes: FastifyPluginAsyncZod<AppServices> = async (app, services) => {
  const { db, clock, audit } = services;
  const record = (request: FastifyRequest, kind: string, target: { tenantId: string; memberId?: string | null }, details: Record<string, unknown>) =>
    audit.record({
      kind,
      tenantId: target.tenantId,
      memberId: target.memberId ?? null,
      ip: request.ip,
      details: { staffId: request.staffSession?.staffId, ...details },
    });

  app.get('/auto-decision-rules', { config: STAFF, schema: { response: { 200: dataEnvelope(z.array(ZTenantAutoDecisionRules)) } } }, async (request) => {
    const scope = await tenantsOf(db, staffSessionOf(request).staffId);
    const tenants = (await listTenants(db)).filter((t) => scope.includes(t.id));
    const data = [];
    for (const t of tenants) data.push({ tenantId: t.id, tenantName: t.name, ...(await currentRuleSet(db, t.id)) });
    return { data };
  });

  app.put(
    '/auto-decision-rules',
    { config: STAFF, schema: { body: ZAutoDecisionRulesUpdate, response: { 200: dataEnvelope(ZTenantAutoDecisionRules) } } },
    async (request) => {
      const session = staffSessionOf(request);
      const { tenantId, version, rules } = request.body;
      const tenant = (await listTenants(db)).find((t) => t.id === tenantId);
      if (!tenant || !(await tenantsOf(db, session.staffId)).includes(tenantId)) throw new AppError('NOT_FOUND');
      if (session.role !== 'administrator') throw new AppError('FORBIDDEN');
      const saved = await saveRuleSet(db, tenantId, rules, session.staffId, clock.now(), version);
      await record(request, 'AUTO_DECISION_RULES_CHANGED', { tenantId }, { version: saved, previousVersion: version, rules });
      return { data: { tenantId, tenantName: tenant.name, ...(await currentRuleSet(db, tenantId)) } };
    },
  );

  // The automatic decision of a claim, on its case: why it came to an agent, or the refund it published.
  app.get(
    '/cases/:id/auto-decision',
    { config: STAFF, schema: { params: ZCaseId, response: { 200: dataEnvelope(ZClaimDecision.nullable()) } } },
    async (request) => {
      const scope = await tenantsOf(db, staffSessionOf(request).staffId);
      const [row] = scope.length
        ? await db
            .select()
            .from(claimDecisions)
            .where(and(eq(claimDecisions.requestId, request.params.id), inArray(claimDecisions.tenantId, scope)))
        : [];
      const data: TClaimDecision | null = row
        ? {
            outcome: row.outcome,
            ruleVersion: row.ruleVersion,
            reasons: row.reasons.map((code) => ({ code, label: AUTO_DECISION_REASON_LABELS[code] })),
            refundId: row.refundId,
            decidedAt: row.decidedAt.toISOString(),
            postCheck: row.postCheck,
          }
        : null;
      return { data };
    },
  );

  app.get(
    '/post-checks',
    {
      config: STAFF,
      schema: {
        querystring: z.object({ state: z.enum(['PENDING', 'CONFIRMED', 'REVERSED']).default('PENDING') }),
        response: { 200: dataEnvelope(z.array(ZPostCheck)) },
      },
    },
    async (request) => {
      const session = staffSessionOf(request);
      if (session.role !== 'manager') throw new AppError('FORBIDDEN');
      return { data: await listPostChecks(db, session.staffId, request.query.state) };
    },
  );

  app.post(
    '/post-checks/:id',
    {
      config: STAFF,
      schema: { params: ZCaseId, body: ZPostCheckDecision, response: { 200: dataEnvelope(z.object({ state: z.enum(['CONFIRMED', 'REVERSED']) })) } },
    },
    async (request) => {
      const session = staffSessionOf(request);
      const origin = async (tenantId: string) => {
        if (services.publicUrl) return services.publicUrl.replace(/\/+$/, '');
        const tenant = await services.directory.byId(tenantId);
        return tenant ? canonicalOrigin(request, tenant) : '';
      };
      const [target] = await db.select({ tenantId: claimDecisions.tenantId }).from(claimDecisions).where(eq(claimDecisions.requestId, request.params.id));
      const done = await decidePostCheck(
        { ...services, origin: target ? await origin(target.tenantId) : '' },
        session,
        request.params.id,
        request.body,
        clock.now(),
      );
      if (!done) throw new AppError('NOT_FOUND');
      await record(request, done.state === 'CONFIRMED' ? 'AUTO_DECISION_CONFIRMED' : 'AUTO_DECISION_REVERSED', done, {
        caseId: request.params.id,
        refundId: done.refundId,
        reason: request.body.decision === 'REVERSE' ? request.body.reason : null,
      });
      return { data: { state: done.state } };
    },
  );
};
