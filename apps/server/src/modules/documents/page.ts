import { dataEnvelope } from '@mutua/contracts/api';
import { ZDocumentsQuery, ZPageDocument, type TPageDocument } from '@mutua/contracts/documents';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { tenantDocuments } from '../../db/schema';
import { sendAttachment } from '../../http/attachment';
import { parisDate } from '../../lib/clock';
import { guaranteesTablePdf } from '../guarantees/public';
import { sessionOf } from '../../plugins/sessions';
import { tenantOf } from '../../plugins/tenant';
import type { AppServices } from '../../core/module';
import { findMemberFile, listSharedDocuments } from './file-store';

/** The rows of one tab: the tenant's documents of that tab, or the member's shared documents. */
async function documentsOf(db: Db, tenantId: string, memberId: string, tab: z.infer<typeof ZDocumentsQuery>['tab']): Promise<TPageDocument[]> {
  if (tab === 'shared') {
    const shared = await listSharedDocuments(db, memberId);
    return shared.map((d) => ({ id: d.id, name: d.fileName, uploadedOn: d.uploadDate, kind: 'other' as const }));
  }
  return db
    .select({ id: tenantDocuments.id, name: tenantDocuments.name, uploadedOn: tenantDocuments.uploadedOn, kind: tenantDocuments.kind })
    .from(tenantDocuments)
    .where(and(eq(tenantDocuments.tenantId, tenantId), eq(tenantDocuments.tab, tab)))
    .orderBy(asc(tenantDocuments.position));
}

/**
 * GET /api/documents?tab=: the documents page's rows (Nom, Date d'upload, Type).
 * GET /api/documents/{id}/file: the PDF — the tenant's document (the guarantees table drawn from the
 * member's product), or one of the member's own files; any
 * other id (another tenant's, another member's) → 404 and an audit row.
 */
export const documentsPageRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock'>> = async (app, { db, clock }) => {
  app.get(
    '/',
    { config: { access: 'member' }, schema: { querystring: ZDocumentsQuery, response: { 200: dataEnvelope(z.array(ZPageDocument)) } } },
    async (request) => ({
      data: await documentsOf(db, tenantOf(request).id, sessionOf(request).memberId, request.query.tab),
    }),
  );

  app.get('/:id/file', { config: { access: 'member' }, schema: { params: z.object({ id: z.uuid() }) } }, async (request, reply) => {
    const { id } = request.params;
    const tenant = tenantOf(request);
    const [own] = await db
      .select({ fileName: tenantDocuments.fileName, content: tenantDocuments.content, kind: tenantDocuments.kind })
      .from(tenantDocuments)
      .where(and(eq(tenantDocuments.id, id), eq(tenantDocuments.tenantId, tenant.id)));
    // The guarantees table is the member's own product's, drawn from its data (the stored file serves nobody covered today).
    const table = own?.kind === 'guarantees_table' ? await guaranteesTablePdf(db, tenant, sessionOf(request).memberId, parisDate(clock.now())) : null;
    const file = own
      ? { nameFile: own.fileName, contentType: 'application/pdf', content: table ?? own.content }
      : await findMemberFile(db, sessionOf(request).memberId, id);
    if (!file) return request.denyAccess('document', id);
    return sendAttachment(reply, file);
  });
};
