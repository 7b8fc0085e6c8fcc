import type { BoPage } from '../../lib/pages';
import { PaymentFilesPage } from './routes/payment-files-page';

export const pages: readonly BoPage[] = [
  { path: '/payments', Component: PaymentFilesPage, nav: { label: 'Virements', order: 50, roles: ['manager', 'administrator'] } },
];
