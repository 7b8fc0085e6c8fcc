import { defineModule } from '../../core/module';
import { invoiceScanRoutes } from './routes';

/** The invoice reader: POST /api/refund-requests/scan reads a photo or PDF of an invoice for the get-refund form. */
export const invoiceScanModule = defineModule({
  name: 'invoice-scan',
  routes: { prefix: '/refund-requests', plugin: invoiceScanRoutes },
});
