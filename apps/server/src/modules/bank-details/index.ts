import { bankDetailsChanges, sepaMandates } from '../../db/schema';
import { defineModule } from '../../core/module';
import { bankDetailsRoutes, mandatesRoutes } from './routes';
import { ribInformation } from './accounts';
import { seedBankDetails } from './seed';

/** Bank details: accounts in force, refund-account change (a request), contribution-account change with a signed SEPA mandate. */
export const bankDetailsModule = defineModule({
  name: 'bank-details',
  routes: { prefix: '/bank-details', plugin: bankDetailsRoutes },
  smsKinds: ['MANDATE_SIGNATURE_CODE'],
  insured: { ribInformations: async (ctx) => ({ rib: await ribInformation(ctx.db, ctx.session.memberId) }) },
  seed: [{ name: '080-demo-bank-details', run: seedBankDetails }],
  guards: { 'bank-details-change': bankDetailsChanges },
});

/** Signed SEPA mandates: GET /api/mandates/{id}/signed.pdf. */
export const mandatesModule = defineModule({
  name: 'mandates',
  routes: { prefix: '/mandates', plugin: mandatesRoutes },
  guards: { mandate: sepaMandates },
});
