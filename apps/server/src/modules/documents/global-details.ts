import type { TGlobalDetails } from '@mutua/contracts';
import { asc, eq } from 'drizzle-orm';
import { requestTypes } from '../../db/schema';
import type { MemberContext } from '../module';
import { listSharedDocuments } from './file-store';

/** allDocuments of the global details: the member's shared documents and the supporting-document types. */
export const loadAllDocuments = async (ctx: MemberContext): Promise<TGlobalDetails['allDocuments']> => {
  const [documents, types] = await Promise.all([
    listSharedDocuments(ctx.db, ctx.session.memberId),
    // The same for every tenant and member (seeded by migrations): shared like reference data.
    ctx.perTenant('supportingDocumentTypes', async () =>
      ctx.db.select().from(requestTypes).where(eq(requestTypes.type, 'supporting_document')).orderBy(asc(requestTypes.typeCode)),
    ),
  ]);
  return { documentsDto: { documents }, uploadDocumentsTypes: types };
};
