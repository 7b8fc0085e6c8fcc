import { defineModule } from '../../core/module';
import * as tables from './schema';
import { consentRoutes } from './routes';

/** Cookie consent: the visitor's choice (accept, refuse, choose), stored server-side; none for back-office sessions. */
export const consentModule = defineModule({
  name: 'consent',
  routes: { prefix: '/consent', plugin: consentRoutes },
  tables,
  dataMap: { cookie_consents: { notExported: 'choix techniques du navigateur, sans donnée sur la personne' } },
});
