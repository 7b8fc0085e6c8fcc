import { defineModule } from '../../core/module';
import { refundRequestsRoutes } from './routes';

/** Refund requests (get-refund): a `bill` request with the act, care date, amount, sessions and documents. */
export const refundRequestsModule = defineModule({
  name: 'refund-requests',
  routes: { prefix: '/refund-requests', plugin: refundRequestsRoutes },
});
