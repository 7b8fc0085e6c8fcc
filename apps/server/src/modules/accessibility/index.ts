import { defineModule } from '../../core/module';
import * as tables from './schema';
import { accessibilityBackofficeRoutes, accessibilityRoutes } from './routes';

/**
 * Accessibility problems reported from the statement (/api/accessibility/reports, public) and their
 * handling in the back office (/api/bo/accessibility-reports).
 */
export const accessibilityModule = defineModule({
  name: 'accessibility',
  mailKinds: ['ACCESSIBILITY_REPORT_ANSWER'],
  routes: {
    plugin: async (app, services) => {
      await app.register(accessibilityRoutes, { ...services, prefix: '/accessibility' });
      await app.register(accessibilityBackofficeRoutes, { ...services, prefix: '/bo/accessibility-reports' });
    },
  },
  tables,
  dataMap: { accessibility_reports: { notExported: 'signalements du formulaire public d’accessibilité, sans lien avec le compte' } },
});
