import { defineModule } from '../../core/module';
import * as tables from './schema';
import { productCostsAdminRoutes, productCostsRoutes } from './routes';
import { seedProductCosts } from './service';

/**
 * Each product's management costs and redistribution rate for the last closed year (/api/product-costs
 * for the member's products), set by the tenant's administrators (/api/bo/tenants/{id}/product-costs).
 */
export const productCostsModule = defineModule({
  name: 'product-costs',
  routes: {
    plugin: async (app, services) => {
      await app.register(productCostsRoutes, { ...services, prefix: '/product-costs' });
      await app.register(productCostsAdminRoutes, { ...services, prefix: '/bo/tenants' });
    },
  },
  seed: [{ name: '242-demo-product-costs', run: seedProductCosts }],
  tables,
  dataMap: { product_costs: { notPersonal: 'frais de gestion des produits' } },
});
