import type { BoPage } from '../../lib/pages';
import { CasePage } from './routes/case-page';
import { QueuePage } from './routes/queue-page';

export const pages: readonly BoPage[] = [
  { path: '/', Component: QueuePage, nav: { label: 'Demandes', order: 10 } },
  { path: '/cases/:id', Component: CasePage },
];
