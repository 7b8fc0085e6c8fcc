import { computeAverageRequestResponseDelay } from '@mutua/contracts/requests';
import { requests } from '../../db/schema';
import { seedRequests } from './seed';
import { parisDate } from '../../lib/clock';
import { defineModule } from '../../core/module';
import { loadAllRequests, loadLastRequests, loadTimelineRecent } from './global-details';
import { missingInformationRoutes } from './missing-information';
import { requestsRoutes } from './routes';

/** Requests and their messages: list, timeline, new message and reply with attachments, mark read. */
export const requestsModule = defineModule({
  name: 'requests',
  routes: {
    plugin: async (app, services) => {
      await app.register(requestsRoutes, { ...services, prefix: '/requests' });
      await app.register(missingInformationRoutes, { ...services, prefix: '/requests' });
    },
  },
  globalDetails: {
    allRequests: loadAllRequests,
    lastRequests: loadLastRequests,
    timelineRecent: loadTimelineRecent,
    averageRequestResponseDelay: async (ctx) =>
      computeAverageRequestResponseDelay(ctx.tenant.settings.averageRequestResponseDelayDays, parisDate(ctx.clock.now())),
  },
  seed: [{ name: '020-demo-requests', run: seedRequests }],
  guards: { request: requests },
});
