import { defineModule } from '../../core/module';
import { listCareNetworks } from './queries';
import { careNetworkRoutes } from './routes';
import { seedCareNetwork } from './seed';

/**
 * Services (MY_SERVICES): the tenant's care networks and the directory of their partner professionals,
 * searched by specialty and commune, nearest first; the networks are also insured.healthCareNetworks.
 */
export const careNetworkModule = defineModule({
  name: 'care-network',
  routes: { prefix: '/care-network', plugin: careNetworkRoutes },
  insured: { healthCareNetworks: (ctx) => ctx.perTenant('careNetworks', () => listCareNetworks(ctx.db, ctx.tenant.id)) },
  seed: [{ name: '100-demo-care-network', run: seedCareNetwork }],
});
