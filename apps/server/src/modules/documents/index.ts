import { storedFiles } from '../../db/schema';
import { defineModule } from '../../core/module';
import { loadAllDocuments, loadDocumentsDisplay } from './global-details';
import { documentsPageRoutes } from './page';
import { seedTenantDocuments } from './page-seed';

/** Stored files (PostgreSQL), the member's shared documents, and the documents page (GET /api/documents?tab=, /api/documents/{id}/file). */
export const documentsModule = defineModule({
  name: 'documents',
  globalDetails: { allDocuments: loadAllDocuments, documentsDisplay: loadDocumentsDisplay },
  routes: { prefix: '/documents', plugin: documentsPageRoutes },
  guards: { document: storedFiles },
  seed: [{ name: '063-demo-tenant-documents', run: seedTenantDocuments }],
});
