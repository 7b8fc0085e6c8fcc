import { randomInt } from 'node:crypto';
import { parisDate } from '../../lib/clock';
import { defineModule } from '../../core/module';
import { CLAIM_DECISION_POLICY, decideClaim, type ClaimDecisionJob } from './decide';
import { CLAIM_DECISION_QUEUE } from './queue';
import { invoiceReader } from './invoice-reading';
import { claimDecisionRoutes } from './routes';

/**
 * Automatic decisions of refund claims: the decision job (each sent claim), the tenants' rules, the
 * decision shown on the case and the managers' post-check, under /api/bo on the staff origin.
 */
export const claimDecisionsModule = defineModule({
  name: 'claim-decisions',
  routes: {
    plugin: async (app, services) => {
      services.jobs.define(CLAIM_DECISION_QUEUE, CLAIM_DECISION_POLICY, async (data) => {
        await decideClaim(
          { ...services, readInvoice: invoiceReader(() => parisDate(services.clock.now())), random: () => randomInt(0, 1_000_000) / 1_000_000 },
          data as ClaimDecisionJob,
        );
      });
      await app.register(claimDecisionRoutes, { ...services, prefix: '/bo' });
    },
  },
});
