import { defineModule } from '../../core/module';
import { debugOutboxRoutes } from './routes';

/** Mail (SMTP or the dev outbox) and its templates; the debug outbox route outside production only. */
export const mailModule = defineModule({
  name: 'mail',
  routes: {
    plugin: async (app, services) => {
      await app.register(debugOutboxRoutes, { db: services.db, mode: services.outboxModes.mail, smsMode: services.outboxModes.sms });
    },
    when: (config) => config.debugTools,
  },
});
