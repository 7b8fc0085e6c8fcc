import { defineModule } from '../../core/module';
import { guaranteesRoutes } from './routes';
import { seedDemoRefunds } from './demo-refunds';
import { seedGuaranteeProducts } from './seed';

/** The guarantees engine's server side: products as data, tariff catalogue, allowances, estimates. */
export const guaranteesModule = defineModule({
  name: 'guarantees',
  routes: { plugin: guaranteesRoutes },
  seed: [
    { name: '160-demo-guarantee-products', run: seedGuaranteeProducts },
    { name: '161-demo-refunds', run: seedDemoRefunds },
  ],
});
