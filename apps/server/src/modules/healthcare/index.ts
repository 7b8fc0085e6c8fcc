import { defineModule } from '../../core/module';
import { loadHealthCare } from './catalogue';
import { healthcareRoutes } from './routes';
import { seedHealthcare } from './seed';

/** The tenant's healthcare catalogue: acts and their documents, hospitalisation types, act search. */
export const healthcareModule = defineModule({
  name: 'healthcare',
  routes: { prefix: '/healthcare', plugin: healthcareRoutes },
  globalDetails: {
    healthCare: (ctx) => ctx.perTenant('healthCare', () => loadHealthCare(ctx.db, ctx.tenant.id)),
  },
  seed: [{ name: '040-demo-healthcare', run: seedHealthcare }],
});
