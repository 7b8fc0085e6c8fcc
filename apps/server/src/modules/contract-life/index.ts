import { complaints, terminations } from '../../db/schema';
import { defineModule } from '../module';
import { contactChannels } from './complaints';
import { contractLifeRoutes } from './routes';
import { seedContractLife } from './seed';

/**
 * The contract's life seen by the member: contractual information, online termination (RULES.md
 * points 1–7), complaints with their deadlines and the contact form (issue 11).
 */
export const contractLifeModule = defineModule({
  name: 'contract-life',
  routes: { plugin: contractLifeRoutes },
  globalDetails: {
    companySpecificities: async (ctx) => {
      const channels = await ctx.perTenant('contactChannels', () => contactChannels(ctx.db, ctx.tenant));
      return [{ specificitiesType: 'CALL_HOURS', value: channels.callHours, phone: channels.phone }];
    },
  },
  seed: [{ name: '090-demo-contract-life', run: seedContractLife }],
  guards: { termination: terminations, complaint: complaints },
});
