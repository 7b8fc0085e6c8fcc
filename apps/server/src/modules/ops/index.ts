import { defineModule } from '../../core/module';
import { opsRoutes } from './routes';

/** The operator API behind `npm run tenant` (loopback, bearer token). */
export const opsModule = defineModule({ name: 'ops', routes: { prefix: '/ops', plugin: opsRoutes } });
