import { defineModule } from '../../core/module';
import { DB_SCHEMA_DATA_MAP } from './data-map';
import { accountRoutes } from './routes';
import { seedAccount } from './seed';

/**
 * The member's account area: beneficiaries (add, update, delete), personal information, postal codes,
 * the membership certificate, preferences with teletransmission, organisation codes, « my data ».
 */
export const accountModule = defineModule({
  name: 'account',
  routes: { plugin: accountRoutes },
  seed: [{ name: '070-demo-account', run: seedAccount }],
  dataMap: DB_SCHEMA_DATA_MAP,
});
