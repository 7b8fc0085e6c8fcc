import { seedAccounts, seedLegalPages, seedMemberWithoutAccount } from './seed';
import { defineModule } from '../../core/module';
import { authRoutes } from './routes';

/** Sign-in (password, code step, session), account creation and recovery, the gates' account changes. */
export const authModule = defineModule({
  name: 'auth',
  routes: { prefix: '/auth', plugin: authRoutes },
  mailKinds: ['MFA_CODE', 'CREATE_ACCOUNT_LINK', 'FORGOTTEN_LOGIN', 'PASSWORD_RESET_LINK', 'PASSWORD_CHANGED'],
  globalDetails: {
    isBoAuthentication: async (ctx) => ctx.session.isBoAuthentication,
  },
  seed: [
    { name: '010-demo-legal-pages', run: seedLegalPages },
    { name: '011-demo-accounts', run: seedAccounts },
    { name: '012-demo-member-without-account', run: seedMemberWithoutAccount },
  ],
});
