import { defineModule } from '../../core/module';
import { paymentFileRoutes } from './routes';
import { PAYMENT_BATCH_CRON, PAYMENT_BATCH_POLICY, PAYMENT_BATCH_QUEUE, runAllPaymentBatches } from './schedule';
import { seedPayments } from './seed';

/**
 * Paying refunds: SEPA credit transfer files (pain.001.001.09) per tenant and batch, the back office's
 * list, download and « envoyé à la banque » (/api/bo/payment-files on the staff origin).
 */
export const paymentFilesModule = defineModule({
  name: 'payment-files',
  routes: {
    plugin: async (app, services) => {
      services.jobs.schedule(PAYMENT_BATCH_QUEUE, PAYMENT_BATCH_CRON, PAYMENT_BATCH_POLICY, () => runAllPaymentBatches(services));
      await app.register(paymentFileRoutes, { ...services, prefix: '/bo' });
    },
  },
  seed: [{ name: '300-demo-payments', run: seedPayments }],
});
