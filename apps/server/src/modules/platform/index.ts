import { defineModule } from '../../core/module';
import { platformRoutes } from './routes';

/** Start-up calls of the SPA: init (brand), heartbeat, brand assets. */
export const platformModule = defineModule({ name: 'platform', routes: { plugin: platformRoutes } });
