import { dataEnvelope } from '@mutua/contracts/api';
import {
  ZAssistantQuestion,
  ZAssistantReplyResponse,
  ZAssistantSynonymInput,
  ZAssistantSynonymResponse,
  ZAssistantSynonymsResponse,
} from '@mutua/contracts/assistant';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { STAFF } from '../../http/access-presets';
import { AppError } from '../../lib/app-error';
import { parisDate } from '../../lib/clock';
import { staffSessionOf } from '../../plugins/staff';
import { tenantOf } from '../../plugins/tenant';
import { tenantsOf } from '../../core/staff-sessions';
import type { AppServices } from '../../core/module';
import { ask } from './service';
import { createSynonym, deleteSynonym, listSynonyms, updateSynonym } from './synonyms';

/**
 * POST /api/assistant/ask (public, 30 questions a minute from one address): signed out it answers from
 * the tenant's FAQ and screens; signed in, from the session's member's own data too.
 */
export const assistantRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock' | 'readCache'>> = async (app, { db, clock, readCache }) => {
  app.post(
    '/ask',
    {
      config: { access: 'public', rateLimit: { max: 30, timeWindow: 60_000 } },
      schema: { body: ZAssistantQuestion, response: { 200: ZAssistantReplyResponse } },
    },
    async (request) => {
      const tenant = tenantOf(request);
      const memberId = request.session && request.session.tenantId === tenant.id ? request.session.memberId : null;
      return { data: await ask({ db, readCache }, { tenant, memberId, today: parisDate(clock.now()) }, request.body.question) };
    },
  );
};

/**
 * /api/bo/tenants/{id}/assistant-synonyms: the tenant's staff read the synonym list; its administrators
 * change it (any other role is refused, another tenant reads as missing), every change audited.
 */
export const assistantAdminRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'audit'>> = async (app, { db, audit }) => {
  const ZTenantId = z.object({ id: z.string().max(64) });
  const ZSynonymId = ZTenantId.extend({ synonymId: z.uuid() });
  const staffOf = async (request: FastifyRequest, tenantId: string, write: boolean) => {
    const session = staffSessionOf(request);
    if (!(await tenantsOf(db, session.staffId)).includes(tenantId)) throw new AppError('NOT_FOUND');
    if (write && session.role !== 'administrator') throw new AppError('FORBIDDEN');
    return session;
  };
  const record = (request: FastifyRequest, tenantId: string, staffId: string, kind: string, details: Record<string, unknown>) =>
    audit.record({ kind, tenantId, memberId: null, ip: request.ip, details: { staffId, ...details } });

  app.get('/:id/assistant-synonyms', { config: STAFF, schema: { params: ZTenantId, response: { 200: ZAssistantSynonymsResponse } } }, async (request) => {
    await staffOf(request, request.params.id, false);
    return { data: await listSynonyms(db, request.params.id) };
  });
  app.post(
    '/:id/assistant-synonyms',
    { config: STAFF, schema: { params: ZTenantId, body: ZAssistantSynonymInput, response: { 201: ZAssistantSynonymResponse } } },
    async (request, reply) => {
      const session = await staffOf(request, request.params.id, true);
      const created = await createSynonym(db, request.params.id, request.body);
      await record(request, request.params.id, session.staffId, 'ASSISTANT_SYNONYM_CREATED', { term: created.term, synonyms: created.synonyms });
      return reply.status(201).send({ data: created });
    },
  );
  app.put(
    '/:id/assistant-synonyms/:synonymId',
    { config: STAFF, schema: { params: ZSynonymId, body: ZAssistantSynonymInput, response: { 200: ZAssistantSynonymResponse } } },
    async (request) => {
      const session = await staffOf(request, request.params.id, true);
      const updated = await updateSynonym(db, request.params.id, request.params.synonymId, request.body);
      await record(request, request.params.id, session.staffId, 'ASSISTANT_SYNONYM_UPDATED', { term: updated.term, synonyms: updated.synonyms });
      return { data: updated };
    },
  );
  app.delete(
    '/:id/assistant-synonyms/:synonymId',
    { config: STAFF, schema: { params: ZSynonymId, response: { 200: dataEnvelope(z.object({ ok: z.literal(true) })) } } },
    async (request) => {
      const session = await staffOf(request, request.params.id, true);
      const term = await deleteSynonym(db, request.params.id, request.params.synonymId);
      await record(request, request.params.id, session.staffId, 'ASSISTANT_SYNONYM_DELETED', { term });
      return { data: { ok: true as const } };
    },
  );
};
