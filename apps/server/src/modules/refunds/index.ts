import { refunds } from '../../db/schema';
import { defineModule } from '../../core/module';
import { loadAllActsRefunds, loadRefunds } from './global-details';
import { refundsRoutes } from './routes';

/** Refunds: filtered list with keyset paging, detail, statement PDF, Excel export (the demo refunds are published by the guarantees module, through its engine). */
export const refundsModule = defineModule({
  name: 'refunds',
  routes: { prefix: '/refunds', plugin: refundsRoutes },
  globalDetails: { refunds: loadRefunds, allActsRefunds: loadAllActsRefunds },
  guards: { refund: refunds },
});
