import type { FastifyRequest } from 'fastify';
import type { AppServices } from '../../core/module';
import { sessionOf } from '../../plugins/sessions';
import { requestContext } from '../auth/public';
import type { LifeContext, LifeDeps } from './terminations';

/** What the contract's and the card's routes hand their use cases: the services they use, and the signed-in member's context of a request. */
export function lifeRouteKit(services: LifeDeps & Pick<AppServices, 'publicUrl'>) {
  const deps: LifeDeps = { db: services.db, clock: services.clock, audit: services.audit, notifier: services.notifier };
  const contextOf = (request: FastifyRequest): LifeContext => {
    const rc = requestContext(request, services.publicUrl);
    return { tenant: rc.tenant, memberId: sessionOf(request).memberId, ip: rc.ip, brand: rc.brand, origin: rc.origin };
  };
  return { deps, contextOf };
}
