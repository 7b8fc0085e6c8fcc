import { defineModule } from '../../core/module';
import { careNetworkRoutes } from './routes';
import { seedCareNetwork } from './seed';

/**
 * Services (MY_SERVICES): the tenant's care networks and the directory of their partner professionals,
 * searched by specialty and commune, nearest first. insured.healthCareNetworks is answered by the
 * members module through public.ts.
 */
export const careNetworkModule = defineModule({
  name: 'care-network',
  routes: { prefix: '/care-network', plugin: careNetworkRoutes },
  seed: [{ name: '100-demo-care-network', run: seedCareNetwork }],
});
