import { defineModule } from '../../core/module';
import { parisDate } from '../../lib/clock';
import { tpCardInformations } from './card';
import { tpCardRoutes } from './routes';
import * as tables from './schema';
import { seedTpCardIssuers } from './seed';

/**
 * The third-party-payment card: the card of the ongoing contract with its sealed QR (checked by the
 * professional), its PDF, by e-mail or on paper, and the Apple Wallet pass kept up to date on the devices.
 */
export const tpCardModule = defineModule({
  name: 'tp-card',
  mailKinds: ['TP_CARD'],
  routes: { plugin: tpCardRoutes },
  insured: {
    tpCardInformations: (ctx) => tpCardInformations(ctx.db, ctx.tenant, ctx.session.memberId, parisDate(ctx.clock.now())),
  },
  seed: [{ name: '091-demo-tp-card-issuers', run: seedTpCardIssuers }],
  tables,
  dataMap: {
    tp_card_issuers: { notPersonal: 'opérateurs de tiers payant' },
    tp_card_resends: { export: 'member' },
    wallet_passes: { export: 'member' },
    wallet_registrations: { notExported: 'appareils enregistrés par Apple Wallet (identifiants techniques)' },
  },
});
