import { complaints, terminations } from '../../db/schema';
import { defineModule } from '../../core/module';
import { parisDate } from '../../lib/clock';
import { loadDayCallHours, seedCallHours } from './call-hours';
import { contactChannels } from './complaints';
import { loadPaymentSchedules, paymentScheduleRoutes, seedPaymentSchedules } from './payment-schedule';
import { contractLifeRoutes } from './routes';
import { scheduleByPostRoutes } from './schedule-by-post';
import { seedContractLife } from './seed';

/**
 * The contract's life seen by the member: contractual information, online termination (the
 * law's seven points, contracts' termination.ts), complaints with their deadlines and the contact form.
 */
export const contractLifeModule = defineModule({
  name: 'contract-life',
  mailKinds: ['TERMINATION_ACKNOWLEDGEMENT'],
  routes: {
    plugin: async (app, services) => {
      await app.register(contractLifeRoutes, services);
      await app.register(paymentScheduleRoutes, services);
      await app.register(scheduleByPostRoutes, { ...services, prefix: '/payment-schedule' });
    },
  },
  globalDetails: {
    dayCallHourRates: loadDayCallHours,
    companySpecificities: async (ctx) => {
      const channels = await ctx.perTenant('contactChannels', () => contactChannels(ctx.db, ctx.tenant));
      return [{ specificitiesType: 'CALL_HOURS', value: channels.callHours, phone: channels.phone }];
    },
  },
  insured: {
    paymentSchedules: (ctx) => loadPaymentSchedules(ctx.db, ctx.tenant.id, ctx.session.memberId, parisDate(ctx.clock.now())),
  },
  seed: [
    { name: '090-demo-contract-life', run: seedContractLife },
    { name: '151-demo-payment-schedules', run: seedPaymentSchedules },
    { name: '152-demo-call-hours', run: seedCallHours },
  ],
  guards: { termination: terminations, complaint: complaints },
});
