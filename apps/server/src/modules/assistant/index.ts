import { defineModule } from '../../core/module';
import { assistantAdminRoutes, assistantRoutes } from './routes';
import { seedAssistantSynonyms } from './seed';

/**
 * The 24/7 assistant (POST /api/assistant/ask, public): answers by French full-text retrieval over the
 * tenant's FAQ, the portal's screens and, signed in, the member's own data, with the tenant's synonyms
 * (/api/bo/tenants/{id}/assistant-synonyms, the back office), and always a way to a person.
 */
export const assistantModule = defineModule({
  name: 'assistant',
  routes: {
    plugin: async (app, services) => {
      await app.register(assistantRoutes, { ...services, prefix: '/assistant' });
      await app.register(assistantAdminRoutes, { ...services, prefix: '/bo/tenants' });
    },
  },
  seed: [{ name: '230-demo-assistant-synonyms', run: seedAssistantSynonyms }],
});
