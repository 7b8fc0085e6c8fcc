import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppServices } from '../../core/module';
import { attachmentDisposition } from '../../http/attachment';
import { sessionOf } from '../../plugins/sessions';
import { requestContext } from '../auth/public';
import type { LifeContext, LifeDeps } from './terminations';

/** The services the contract's and the card's routes use. */
export type LifeRouteServices = Pick<
  AppServices,
  'db' | 'clock' | 'audit' | 'notifier' | 'publicUrl' | 'secret' | 'jobs' | 'counters' | 'sessions' | 'log' | 'config'
>;

/** A member's PDF (certificate, acknowledgement, card) as a download, never cached: it holds personal data. */
export function sendMemberPdf(reply: FastifyReply, file: { pdf: Buffer; fileName: string }): FastifyReply {
  return reply.type('application/pdf').header('content-disposition', attachmentDisposition(file.fileName)).header('cache-control', 'no-store').send(file.pdf);
}

/** What the contract's and the card's routes hand their use cases: the services they use, and the signed-in member's context of a request. */
export function lifeRouteKit(services: LifeDeps & Pick<AppServices, 'publicUrl'>) {
  const deps: LifeDeps = { db: services.db, clock: services.clock, audit: services.audit, notifier: services.notifier };
  const contextOf = (request: FastifyRequest): LifeContext => {
    const rc = requestContext(request, services.publicUrl);
    return { tenant: rc.tenant, memberId: sessionOf(request).memberId, ip: rc.ip, brand: rc.brand, origin: rc.origin };
  };
  return { deps, contextOf };
}
