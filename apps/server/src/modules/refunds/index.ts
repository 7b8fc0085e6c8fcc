import { refunds } from '../../db/schema';
import { seedRefunds } from '../../db/seed/refunds';
import { defineModule } from '../module';
import { loadAllActsRefunds, loadRefunds } from './global-details';
import { refundsRoutes } from './routes';

/** Refunds: filtered list with keyset paging, detail, statement PDF, Excel export. */
export const refundsModule = defineModule({
  name: 'refunds',
  routes: { prefix: '/refunds', plugin: refundsRoutes },
  globalDetails: { refunds: loadRefunds, allActsRefunds: loadAllActsRefunds },
  seed: [{ name: '021-demo-refunds', run: seedRefunds }],
  guards: { refund: refunds },
});
