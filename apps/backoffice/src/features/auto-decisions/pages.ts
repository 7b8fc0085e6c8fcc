import type { BoPage } from '../../lib/pages';
import { PostChecksPage } from './routes/post-checks-page';
import { AutoDecisionRulesPage } from './routes/rules-page';

export const pages: readonly BoPage[] = [
  { path: '/post-checks', Component: PostChecksPage, nav: { label: 'Contrôles', order: 40, roles: ['manager'] } },
  { path: '/auto-decisions', Component: AutoDecisionRulesPage, nav: { label: 'Décisions automatiques', order: 60 } },
];
