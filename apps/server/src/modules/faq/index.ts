import { defineModule } from '../../core/module';
import { listFaqCategories } from './queries';
import { faqRoutes } from './routes';
import { seedFaq } from './seed';

/** The tenant's FAQ (public pages and global details faqCategories) and its French full-text search. */
export const faqModule = defineModule({
  name: 'faq',
  routes: { prefix: '/faq', plugin: faqRoutes },
  globalDetails: { faqCategories: (ctx) => ctx.perTenant('faqCategories', () => listFaqCategories(ctx.db, ctx.tenant.id)) },
  seed: [{ name: '050-demo-faq', run: seedFaq }],
});
