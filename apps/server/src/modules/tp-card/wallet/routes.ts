import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../../http/attachment';
import { parisDate } from '../../../lib/clock';
import { sessionOf } from '../../../plugins/sessions';
import { requestContext } from '../../auth/public';
import type { AppServices } from '../../../core/module';
import type { LifeContext, LifeDeps } from '../../contract-life/public';
import { authorisedPass, devicePass, memberPass, pushPassUpdates, registerDevice, unregisterDevice, updatedSerials, walletDepsOf } from './service';

const PKPASS = 'application/vnd.apple.pkpass';
/** The PassKit web service is called by devices: no session, no anti-forgery cookie; the ApplePass token is checked per serial. */
const DEVICE = { access: 'public', csrf: false, rateLimit: { max: 60, timeWindow: 60_000 } } as const;
const id = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[A-Za-z0-9._-]+$/);
const ZRegistration = z.object({ deviceLibraryIdentifier: id, passTypeIdentifier: id, serialNumber: id });

/**
 * GET /api/tp-card/wallet.pkpass and Apple's PassKit web service under /api/wallet/v1 (register and
 * unregister a device, serials updated since a tag, the latest pass with If-Modified-Since, log).
 * Changed passes are pushed to their devices every WALLET_PUSH_INTERVAL_MS.
 */
export const walletRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock' | 'audit' | 'notifier' | 'publicUrl' | 'secret' | 'config'>> = async (
  app,
  services,
) => {
  const life: LifeDeps = { db: services.db, clock: services.clock, audit: services.audit, notifier: services.notifier };
  const deps = walletDepsOf(life, services.config, services.secret);
  const contextOf = (request: Parameters<typeof requestContext>[0], memberId: string): LifeContext => {
    const rc = requestContext(request, services.publicUrl);
    return { tenant: rc.tenant, memberId, ip: rc.ip, brand: rc.brand, origin: rc.origin };
  };
  /** The pass a device names, if its ApplePass token is that pass's (the tenant is the host's). */
  const passOf = (request: Parameters<typeof requestContext>[0], params: { passTypeIdentifier: string; serialNumber: string }) =>
    authorisedPass(
      services.db,
      requestContext(request, services.publicUrl).tenant.id,
      params.passTypeIdentifier,
      params.serialNumber,
      request.headers.authorization,
    );

  let timer: NodeJS.Timeout | undefined;
  let running = false;
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return;
      running = true;
      pushPassUpdates(services.db, deps.push, services.clock.now())
        .catch((error: Error) => app.log.warn({ err: error }, 'wallet pass pushes failed'))
        .finally(() => (running = false));
    }, services.config.WALLET_PUSH_INTERVAL_MS);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));

  app.get('/tp-card/wallet.pkpass', { config: { access: 'member' } }, async (request, reply) => {
    const ctx = contextOf(request, sessionOf(request).memberId);
    const { pass, serialNumber } = await memberPass(deps, ctx);
    await services.audit.record({ kind: 'TP_CARD_WALLET_PASS', tenantId: ctx.tenant.id, memberId: ctx.memberId, ip: ctx.ip, details: { serialNumber } });
    return reply.type(PKPASS).header('content-disposition', attachmentDisposition('carte_tiers_payant.pkpass')).header('cache-control', 'no-store').send(pass);
  });

  app.post(
    '/wallet/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
    { config: DEVICE, schema: { params: ZRegistration, body: z.object({ pushToken: z.string().min(1).max(200) }) } },
    async (request, reply) => {
      const pass = await passOf(request, request.params);
      if (!pass) return reply.status(401).send();
      const created = await registerDevice(services.db, pass, request.params.deviceLibraryIdentifier, request.body.pushToken, services.clock.now());
      return reply.status(created ? 201 : 200).send();
    },
  );

  app.delete(
    '/wallet/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier/:serialNumber',
    { config: DEVICE, schema: { params: ZRegistration } },
    async (request, reply) => {
      const pass = await passOf(request, request.params);
      if (!pass) return reply.status(401).send();
      await unregisterDevice(services.db, pass, request.params.deviceLibraryIdentifier);
      return reply.status(200).send();
    },
  );

  app.get(
    '/wallet/v1/devices/:deviceLibraryIdentifier/registrations/:passTypeIdentifier',
    {
      config: DEVICE,
      schema: {
        params: ZRegistration.omit({ serialNumber: true }),
        querystring: z.object({
          passesUpdatedSince: z
            .string()
            .regex(/^\d{1,18}$/)
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      const since = request.query.passesUpdatedSince ? Number(request.query.passesUpdatedSince) : null;
      const tenant = requestContext(request, services.publicUrl).tenant;
      const found = await updatedSerials(services.db, tenant.id, request.params.deviceLibraryIdentifier, request.params.passTypeIdentifier, since);
      if (!found) return reply.status(204).send();
      return reply.status(200).send(found);
    },
  );

  app.get(
    '/wallet/v1/passes/:passTypeIdentifier/:serialNumber',
    { config: DEVICE, schema: { params: ZRegistration.omit({ deviceLibraryIdentifier: true }) } },
    async (request, reply) => {
      const pass = await passOf(request, request.params);
      if (!pass) return reply.status(401).send();
      const modified = Math.floor(pass.updatedAt.getTime() / 1000) * 1000;
      const since = Date.parse(request.headers['if-modified-since'] ?? '');
      // Last year's card is never "not modified", even before the new year's sweep has moved its tag.
      const cardOver = pass.validTo < parisDate(services.clock.now());
      if (!Number.isNaN(since) && modified <= since && !cardOver) return reply.status(304).send();
      const body = await devicePass(deps, contextOf(request, pass.memberId), pass, request.headers.authorization!);
      return reply.type(PKPASS).header('last-modified', new Date(modified).toUTCString()).header('cache-control', 'no-store').send(body);
    },
  );

  /** Devices report their errors here: logged without any pass content. */
  app.post('/wallet/v1/log', { config: DEVICE, schema: { body: z.object({ logs: z.array(z.string().max(2000)).max(50) }) } }, async (request, reply) => {
    for (const line of request.body.logs) request.log.info({ walletDeviceLog: line.slice(0, 500) }, 'wallet device log');
    return reply.status(200).send();
  });
};
