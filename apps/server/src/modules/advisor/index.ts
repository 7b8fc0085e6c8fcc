import { defineModule } from '../../core/module';
import { advisorRoutes } from './routes';

/**
 * « Parler à un conseiller » (/api/advisor): a message to the management centre or a callback within
 * the phone line's hours, each a request the back office handles in its queue and answers in its thread.
 */
export const advisorModule = defineModule({
  name: 'advisor',
  routes: { prefix: '/advisor', plugin: advisorRoutes },
});
