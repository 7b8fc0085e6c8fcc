import { parisIsoDate } from '@mutua/contracts/dates';
import { statementFileName } from '@mutua/contracts/refunds';
import type { Db } from '../../db/client';
import type { Tenant } from '../../db/schema';
import { findMemberIdentity, findRefundDetail } from './repository';
import { renderStatementPdf } from './statement-pdf';

/** The statement PDF of one of the member's refunds, or null when the refund is not theirs. */
export async function buildStatement(db: Db, memberId: string, refundId: string, tenant: Pick<Tenant, 'name' | 'graphicalCharter'>, now = new Date()) {
  const [refund, member] = await Promise.all([findRefundDetail(db, memberId, refundId), findMemberIdentity(db, memberId)]);
  if (!refund || !member) return null;
  const pdf = await renderStatementPdf({
    brand: { name: tenant.name, primaryColor: tenant.graphicalCharter.colors.primary },
    member,
    refund,
    issuedOn: parisIsoDate(now),
  });
  return { fileName: statementFileName(refund), pdf };
}
