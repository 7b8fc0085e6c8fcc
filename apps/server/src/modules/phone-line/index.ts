import { defineModule } from '../../core/module';
import { phoneLineAdminRoutes, phoneLineRoutes } from './routes';
import { seedRelayService } from './service';

/**
 * The tenant's phone line and its relay service for deaf and hard-of-hearing members, over the same
 * hours (/api/phone-line, public), set by the tenant's administrators (/api/bo/tenants/{id}/phone-line).
 */
export const phoneLineModule = defineModule({
  name: 'phone-line',
  routes: {
    plugin: async (app, services) => {
      await app.register(phoneLineRoutes, { ...services, prefix: '/phone-line' });
      await app.register(phoneLineAdminRoutes, { ...services, prefix: '/bo/tenants' });
    },
  },
  seed: [{ name: '241-demo-relay-service', run: seedRelayService }],
});
