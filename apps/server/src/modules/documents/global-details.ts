import { DOCUMENT_TABS } from '@mutua/contracts/documents';
import type { TGlobalDetails } from '@mutua/contracts/global-details';
import { and, asc, eq, gt, isNull, or } from 'drizzle-orm';
import { contracts, requestTypes, tenantDocuments } from '../../db/schema';
import { parisDate } from '../../lib/clock';
import type { MemberContext } from '../../core/module';
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

/**
 * documentsDisplay of the global details: the documents page's tabs that hold documents (the tenant's
 * own, per tab; the member's shared tab always, to share one), and whether the payment schedule is
 * offered (an ongoing individual contract: individually debited contributions).
 */
export const loadDocumentsDisplay = async (ctx: MemberContext): Promise<TGlobalDetails['documentsDisplay']> => {
  const today = parisDate(ctx.clock.now());
  const [tabs, individual] = await Promise.all([
    ctx.perTenant('documentTabs', async () =>
      (await ctx.db.selectDistinct({ tab: tenantDocuments.tab }).from(tenantDocuments).where(eq(tenantDocuments.tenantId, ctx.tenant.id))).map(
        (r) => r.tab as string,
      ),
    ),
    ctx.db
      .select({ id: contracts.id })
      .from(contracts)
      .where(
        and(
          eq(contracts.memberId, ctx.session.memberId),
          eq(contracts.kind, 'INDIVIDUAL'),
          or(isNull(contracts.outgoingDate), gt(contracts.outgoingDate, today)),
        ),
      )
      .limit(1),
  ]);
  return { tabs: DOCUMENT_TABS.filter((tab) => tab === 'shared' || tabs.includes(tab)), paymentScheduleOffered: individual.length > 0 };
};
