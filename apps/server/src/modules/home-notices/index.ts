import { defineModule } from '../../core/module';
import { loadAlerts, loadAnnouncement, loadNoemieStates } from './loaders';
import { seedHomeNotices } from './seed';

/** What home tells the member first: the insurer's announcement, alerts, the Noémie link states. */
export const homeNoticesModule = defineModule({
  name: 'home-notices',
  globalDetails: {
    announcement: async (ctx) => (await loadAnnouncement(ctx)).message,
    isAnnouncementDisplayed: async (ctx) => (await loadAnnouncement(ctx)).displayed,
    alertDtoList: (ctx) => loadAlerts(ctx),
    noemieStateDtoList: (ctx) => loadNoemieStates(ctx),
  },
  seed: [{ name: '101-demo-home-notices', run: seedHomeNotices }],
});
