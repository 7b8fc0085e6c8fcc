import { beneficiaries } from '../../db/schema';
import { defineModule } from '../../core/module';
import * as tables from './schema';
import { digitalCampaignsOn, loadNotifications, loadSchoolingCampaign, loadTutorial } from './loaders';
import { loadPortability } from './portability';
import { campaignsRoutes } from './routes';
import { seedCampaigns, seedPortability } from './seed';

/**
 * Campaigns: the schooling campaign (insured.notifications of upload type 1, per-child answers), the
 * first-connection tutorial's steps, the exit survey before the old insured space, and the tenant's
 * DIGITAL_CAMPAIGNS toggle (entityHasDigitalCampaigns), and the France Travail portability popup's case
 * with its monthly proof (portability.ts, POST /api/portability/proof). Popup order: contracts campaigns.ts.
 */
export const campaignsModule = defineModule({
  name: 'campaigns',
  routes: { plugin: campaignsRoutes },
  globalDetails: {
    entityHasDigitalCampaigns: async (ctx) => digitalCampaignsOn(ctx.tenant.features),
    entityTutorialDtos: loadTutorial,
    schoolingCampaign: loadSchoolingCampaign,
    portability: loadPortability,
  },
  insured: { notifications: loadNotifications },
  seed: [
    { name: '103-demo-campaigns', run: seedCampaigns },
    { name: '104-demo-portability', run: seedPortability },
  ],
  guards: { 'schooling-child': beneficiaries },
  tables,
  dataMap: {
    member_notifications: { export: 'member' },
    schooling_answers: { export: 'request' },
    tutorial_steps: { notPersonal: 'tutoriel' },
    exit_survey_answers: { export: 'member' },
    portability_periods: { export: 'member' },
    portability_proofs: { export: 'request' },
  },
});
