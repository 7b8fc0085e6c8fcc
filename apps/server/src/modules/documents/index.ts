import { storedFiles } from '../../db/schema';
import { defineModule } from '../../core/module';
import { loadAllDocuments, loadDocumentsDisplay } from './global-details';
import { documentsPageRoutes } from './page';
import { seedTenantDocuments } from './page-seed';
import { paymentScheduleRoutes } from './payment-schedule';

/** Stored files (PostgreSQL), the member's shared documents, and the documents page (GET /api/documents?tab=, /api/documents/{id}/file). */
export const documentsModule = defineModule({
  name: 'documents',
  globalDetails: { allDocuments: loadAllDocuments, documentsDisplay: loadDocumentsDisplay },
  routes: {
    plugin: async (app, services) => {
      await app.register(documentsPageRoutes, { ...services, prefix: '/documents' });
      await app.register(paymentScheduleRoutes, { ...services, prefix: '/payment-schedule' });
    },
  },
  guards: { document: storedFiles },
  seed: [{ name: '063-demo-tenant-documents', run: seedTenantDocuments }],
});
