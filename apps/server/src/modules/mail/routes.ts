import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ZOutboxQuery, ZOutboxMail, listOutbox } from './outbox';

/**
 * GET /api/debug/outbox?to=&kind=&limit=: the development outbox, for the /debug page, the e2e
 * tests and `npm run outbox`. Registered only when config.debugTools (never in production).
 */
export const debugOutboxRoutes: FastifyPluginAsyncZod<{ db: Db; mode: string }> = async (app, opts) => {
  app.get(
    '/debug/outbox',
    {
      config: { tenant: 'none' },
      schema: { querystring: ZOutboxQuery, response: { 200: z.object({ data: z.array(ZOutboxMail), mode: z.string() }) } },
    },
    async (request) => ({ data: await listOutbox(opts.db, request.query), mode: opts.mode }),
  );
};
