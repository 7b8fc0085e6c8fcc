import { defineModule } from '../../core/module';
import { quotesRoutes } from './routes';

/** Quotes (home/quotation): a `quotation` request, with the 100 % Santé check of its lines. */
export const quotesModule = defineModule({
  name: 'quotes',
  routes: { prefix: '/quotes', plugin: quotesRoutes },
});
