import { defineModule } from '../../core/module';
import { backofficeAdminRoutes } from './admin-routes';
import { backofficeCaseRoutes } from './case-routes';
import { backofficeMemberRoutes } from './member-routes';
import { backofficeRoutes } from './routes';
import { seedBackoffice } from './seed';

/**
 * The insurer's back office: /api/bo/… on the staff origin only (plugins/staff.ts), and the handoff
 * that opens a member's space from it on the member's tenant host (/api/bo-handoff).
 */
export const backofficeModule = defineModule({
  name: 'backoffice',
  mailKinds: ['NEW_MESSAGE'],
  routes: {
    plugin: async (app, services) => {
      await app.register(backofficeRoutes, { ...services, prefix: '/bo' });
      await app.register(backofficeAdminRoutes, { ...services, prefix: '/bo' });
      await app.register(backofficeCaseRoutes, { ...services, prefix: '/bo' });
      await app.register(backofficeMemberRoutes, services);
    },
  },
  seed: [{ name: '110-demo-backoffice', run: seedBackoffice }],
});
