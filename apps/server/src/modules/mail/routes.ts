import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { ZOutboxQuery, ZOutboxMail, listOutbox } from './outbox';

/**
 * GET /api/debug/outbox?to=&kind=&channel=&limit=: the development outbox (mails and SMS), for the /debug page, the e2e
 * tests and `npm run outbox`. Registered only when config.debugTools (never in production).
 */
export const debugOutboxRoutes: FastifyPluginAsyncZod<{ db: Db; mode: string; smsMode: string }> = async (app, opts) => {
  app.get(
    '/debug/outbox',
    {
      config: { tenant: 'none', access: 'debug' },
      schema: { querystring: ZOutboxQuery, response: { 200: z.object({ data: z.array(ZOutboxMail), mode: z.string(), smsMode: z.string() }) } },
    },
    async (request) => ({ data: await listOutbox(opts.db, request.query), mode: opts.mode, smsMode: opts.smsMode }),
  );
};
