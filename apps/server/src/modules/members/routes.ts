import { ZAllInfoQuery, ZGlobalDetailsPartResponse, isGlobalDetailsActionKey } from '@mutua/contracts/global-details';
import { ZLegalNoticeResponse } from '@mutua/contracts/legal-notice';
import { ZLegalPageResponse, ZLegalPageType, ZLegalPagesResponse } from '@mutua/contracts/legal-pages';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { createHash } from 'node:crypto';
import type { Tenant } from '../../db/schema';
import { trustedJson } from '../../http/trusted-json';
import { AppError } from '../../lib/app-error';
import { isOverloadError } from '../../lib/overload';
import { safeError } from '../../lib/safe-error';
import { sessionOf } from '../../plugins/sessions';
import { tenantOf } from '../../plugins/tenant';
import { TenantReferenceCache, loadGlobalDetails, loadGlobalDetailsAction, memberContext } from '../../core/global-details';
import type { AppServices } from '../../core/module';
import { findLegalNotice } from './legal-notice';
import { currentLegalPages, publicPage } from './legal-pages';

/** Global details of the signed-in member, the public legal pages and mentions légales. */
export const membersRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'config' | 'db' | 'clock' | 'globalDetails' | 'readCache' | 'withConnection'>> = async (
  app,
  opts,
) => {
  /**
   * GET /api/all-info → { data: global details }; `?actionKey=requests|timeline_recent` → only that
   * action's fields. A part that fails to load answers PROFILE_FAILURE (details in the log).
   * Serialized without a zod pass in production (trustedJson); answers a weak ETag of its body and
   * 304 to an If-None-Match that matches it. Cache-Control stays `no-store` (health data is not left
   * in a shared computer's browser cache): a client revalidates with the ETag it kept itself.
   */
  const serializeAllInfo = trustedJson(opts.config.NODE_ENV !== 'production')({
    schema: ZGlobalDetailsPartResponse,
    method: 'GET',
    url: '/api/all-info',
    httpStatus: '200',
  });
  const references = new TenantReferenceCache();
  app.get(
    '/all-info',
    { config: { access: 'member' }, schema: { querystring: ZAllInfoQuery, response: { 200: ZGlobalDetailsPartResponse } } },
    async (request, reply) => {
      const { actionKey } = request.query;
      if (actionKey !== undefined && !isGlobalDetailsActionKey(actionKey)) throw new AppError('ACTION_NOT_FOUND');
      const session = sessionOf(request);
      const tenant = tenantOf(request);
      // Kept per session until the member's data, the tenant's or the session changes (lib/read-cache.ts).
      // The tenant's revision is in the key: a request that resolved the tenant just before its change
      // (tenant-directory.ts keeps it a second) must not keep a global details built from the old one.
      const key = `all-info:${session.id}:${actionKey ?? ''}:${revisionOf(tenant)}`;
      const answer = await opts.readCache.get(key, [`m:${session.memberId}`, `t:${tenant.id}`, `s:${session.id}`], async () => {
        try {
          // Its ~20 reads on one connection, one after the other: a miss holds one connection of the
          // pool, whatever the number of members missing at once (their misses of one session share one load).
          const data = await opts.withConnection((db) => {
            const ctx = memberContext({ db, clock: opts.clock, tenant, session }, references, opts.readCache);
            return actionKey ? loadGlobalDetailsAction(ctx, opts.globalDetails, actionKey) : loadGlobalDetails(ctx, opts.globalDetails);
          });
          // Serialized here (not by the route's serializer) so that the ETag hashes the JSON before compression.
          return withEtag(serializeAllInfo({ data }));
        } catch (error) {
          // A saturated pool is not a broken profile: 503 OVERLOADED (http/error-handler.ts), tried again.
          if (error instanceof AppError || isOverloadError(error)) throw error;
          request.log.error({ err: safeError(error) }, 'global details failed');
          throw new AppError('PROFILE_FAILURE');
        }
      });
      return answerJsonWithEtag(request.headers['if-none-match'], reply, answer);
    },
  );

  /** A short hash of a tenant row, computed once per copy the directory hands out. */
  const revisions = new WeakMap<Tenant, string>();
  function revisionOf(tenant: Tenant) {
    let revision = revisions.get(tenant);
    if (!revision) revisions.set(tenant, (revision = createHash('sha256').update(JSON.stringify(tenant)).digest('base64url').slice(0, 16)));
    return revision;
  }

  /** A JSON body and its weak ETag, from its hash. */
  function withEtag(json: string) {
    return { json, etag: `W/"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"` };
  }

  /** The body with its ETag; 304 without a body when the client already holds it. */
  function answerJsonWithEtag(ifNoneMatch: string | undefined, reply: FastifyReply, { json, etag }: { json: string; etag: string }) {
    reply.header('etag', etag);
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) return reply.code(304).send();
    return reply.type('application/json; charset=utf-8').send(json);
  }

  /** GET /api/legal-pages: the tenant's current legal pages (public). */
  app.get('/legal-pages', { config: { access: 'public' }, schema: { response: { 200: ZLegalPagesResponse } } }, async (request) => ({
    data: (await currentLegalPages(opts.db, tenantOf(request).id)).map(publicPage),
  }));

  /** GET /api/legal-pages/{type}: one current page (public). */
  app.get(
    '/legal-pages/:type',
    { config: { access: 'public' }, schema: { params: z.object({ type: z.string().max(64) }), response: { 200: ZLegalPageResponse } } },
    async (request) => {
      const type = ZLegalPageType.safeParse(request.params.type);
      const page = type.success ? (await currentLegalPages(opts.db, tenantOf(request).id)).find((p) => p.type === type.data) : undefined;
      if (!page) throw new AppError('NOT_FOUND');
      return { data: publicPage(page) };
    },
  );

  /** GET /api/legal-notice: the host's tenant's mentions légales (public, on every page's footer). */
  app.get('/legal-notice', { config: { access: 'public' }, schema: { response: { 200: ZLegalNoticeResponse } } }, async (request) => {
    const notice = await findLegalNotice(opts.db, tenantOf(request).id);
    if (!notice) throw new AppError('NOT_FOUND');
    return { data: notice };
  });
};
