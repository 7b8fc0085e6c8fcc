import { defineModule } from '../../core/module';
import { documentSharingRoutes } from './routes';

/** Document sharing (doc-sharing): a supporting document sent for a beneficiary, with its type and comment. */
export const documentSharingModule = defineModule({
  name: 'document-sharing',
  routes: { prefix: '/document-sharing', plugin: documentSharingRoutes },
});
