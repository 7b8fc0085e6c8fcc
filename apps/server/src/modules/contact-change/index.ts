import { defineModule } from '../../core/module';
import { contactChangeRoutes } from './routes';

/** Changing the e-mail address or mobile number that receives codes (password or fresh code, confirmed from the new one). */
export const contactChangeModule = defineModule({
  name: 'contact-change',
  routes: { prefix: '/contact-change', plugin: contactChangeRoutes },
  mailKinds: ['CONTACT_CHANGE_LINK', 'CONTACT_CHANGED'],
  smsKinds: ['CONTACT_CHANGE_CODE'],
});
