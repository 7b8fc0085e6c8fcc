import { storedFiles } from '../../db/schema';
import { defineModule } from '../module';
import { loadAllDocuments } from './global-details';

/** Stored files (PostgreSQL) and the member's shared documents; downloads go through the requests routes. */
export const documentsModule = defineModule({
  name: 'documents',
  globalDetails: { allDocuments: loadAllDocuments },
  guards: { document: storedFiles },
});
