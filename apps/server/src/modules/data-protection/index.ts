import { defineModule } from '../../core/module';
import * as tables from './schema';
import { dataProtectionRoutes } from './routes';

/** Retention of personal data (docs/data-protection.md): the nightly job, the operator's run, the anonymisation of a member. */
export const dataProtectionModule = defineModule({
  name: 'data-protection',
  routes: { prefix: '/ops/retention', plugin: dataProtectionRoutes },
  tables,
  dataMap: { retention_runs: { notPersonal: 'journal des purges de conservation (nombres de lignes)' } },
});
