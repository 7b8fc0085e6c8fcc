import { defineModule } from '../../core/module';
import { helpRoutes } from './routes';

/** The help page's server side: adviser codes (the technical report is built in the browser). */
export const helpModule = defineModule({
  name: 'help',
  routes: { prefix: '/help', plugin: helpRoutes },
});
