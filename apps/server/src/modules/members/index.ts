import { seedMembers } from './seed';
import { defineModule } from '../../core/module';
import { loadContracts, loadLegalPages, loadMember, ownInsuredPart } from './insured';
import { seedLegalNotices } from './legal-notice';
import { membersRoutes } from './routes';

/** Members and their families: the global details (/all-info, composed of every module's part), legal pages, the mentions légales. */
export const membersModule = defineModule({
  name: 'members',
  routes: { plugin: membersRoutes },
  globalDetails: {
    profile: async (ctx) => ({ membershipNumber: (await loadMember(ctx)).membershipNumber }),
    legalPages: async (ctx) => (await loadLegalPages(ctx)).pages,
    hasNonBasePolicy: async (ctx) => (await loadContracts(ctx)).some((c) => c.baseOptionCode !== 'BASE'),
  },
  insured: ownInsuredPart,
  seed: [
    { name: '002-demo-members', run: seedMembers },
    { name: '132-legal-notices', run: seedLegalNotices },
  ],
});
