import type { TPostCheck, TPostCheckDecision } from '@mutua/contracts/auto-decision';
import { formatEuros, frenchDateWords } from '@mutua/contracts/french-format';
import { formatPersonName } from '@mutua/contracts/names';
import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { beneficiaries, claimDecisions, refundRequestDetails, refunds, requests, type PostCheckState } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { tenantsOf } from '../../core/staff-sessions';
import { giveBackAllowances } from '../guarantees/public';
import { cancelRefund } from '../refunds/public';
import type { StaffSession } from '../../core/staff-sessions';
import { prepareMemberMail, tellInThread, type NoticeDeps } from './member-notice';

/*
 * The post-check: a share of the automatic decisions waits for a manager, who confirms it or reverses
 * it. A reversal cancels the refund (kept in refund_cancellations), gives its allowances back and
 * tells the member, in one transaction. A refund waiting for its post-check is not paid yet (the
 * payment batch leaves it out), so a reversal never chases a transfer.
 */

export async function listPostChecks(db: Db, staffId: string, state: PostCheckState): Promise<TPostCheck[]> {
  const scope = await tenantsOf(db, staffId);
  if (scope.length === 0) return [];
  const rows = await db
    .select({
      d: claimDecisions,
      reference: refunds.reference,
      title: requests.title,
      careDate: refundRequestDetails.careDate,
      amountCents: refundRequestDetails.amountCents,
      holder: { firstName: beneficiaries.firstName, surName: beneficiaries.surName },
    })
    .from(claimDecisions)
    .innerJoin(requests, eq(requests.id, claimDecisions.requestId))
    .innerJoin(refundRequestDetails, eq(refundRequestDetails.requestId, claimDecisions.requestId))
    .leftJoin(refunds, eq(refunds.id, claimDecisions.refundId))
    .leftJoin(beneficiaries, eq(beneficiaries.id, requests.beneficiaryId))
    .where(and(inArray(claimDecisions.tenantId, scope), eq(claimDecisions.postCheck, state)))
    .orderBy(desc(claimDecisions.decidedAt))
    .limit(200);
  return rows.map(({ d, reference, title, careDate, amountCents, holder }) => ({
    caseId: d.requestId,
    tenantId: d.tenantId,
    refundId: d.refundId,
    refundReference: reference,
    memberName: holder ? formatPersonName(holder) : '',
    actLabel: title.split(' – ').at(-1) ?? title,
    careDate,
    amountCents,
    refundCents: d.refundCents,
    ruleVersion: d.ruleVersion,
    decidedAt: d.decidedAt.toISOString(),
    state,
  }));
}

/** A manager confirms or reverses a drawn automatic decision, once. Null: not a post-check of the staff's tenants. */
export async function decidePostCheck(deps: NoticeDeps & { origin: string }, session: StaffSession, caseId: string, input: TPostCheckDecision, now: Date) {
  const { db } = deps;
  if (session.role !== 'manager') throw new AppError('FORBIDDEN');
  const scope = await tenantsOf(db, session.staffId);
  const [row] = scope.length
    ? await db
        .select({ d: claimDecisions, careDate: refundRequestDetails.careDate })
        .from(claimDecisions)
        .innerJoin(refundRequestDetails, eq(refundRequestDetails.requestId, claimDecisions.requestId))
        .where(and(eq(claimDecisions.requestId, caseId), inArray(claimDecisions.tenantId, scope)))
    : [];
  if (!row || row.d.postCheck === null) return null;
  if (row.d.postCheck !== 'PENDING') throw new AppError('POST_CHECK_DECIDED');
  const state: PostCheckState = input.decision === 'CONFIRM' ? 'CONFIRMED' : 'REVERSED';
  const reason = input.decision === 'REVERSE' ? input.reason : null;
  const text = [
    `Après un contrôle de votre demande de remboursement du ${frenchDateWords(row.careDate)}, le remboursement de ${formatEuros(row.d.refundCents)} est annulé.`,
    `Motif\u00a0: ${reason ?? ''}`,
    'Vous pouvez nous écrire depuis cette demande si vous souhaitez en parler.',
  ];
  const mail =
    state === 'REVERSED'
      ? await prepareMemberMail(
          deps,
          { tenantId: row.d.tenantId, memberId: row.d.memberId, origin: deps.origin },
          'Votre remboursement a été annulé après contrôle',
          text,
        )
      : null;
  await db.transaction(async (txRaw) => {
    const tx = txRaw as unknown as Db;
    // Decided once: the second of two managers finds it no longer pending.
    const [won] = await tx
      .update(claimDecisions)
      .set({ postCheck: state, postCheckedBy: session.staffId, postCheckedAt: now, postCheckReason: reason })
      .where(and(eq(claimDecisions.requestId, caseId), eq(claimDecisions.postCheck, 'PENDING')))
      .returning({ id: claimDecisions.requestId });
    if (!won) throw new AppError('POST_CHECK_DECIDED');
    if (state === 'CONFIRMED' || !row.d.refundId) return;
    await giveBackAllowances(tx, row.d.refundId);
    const cancelled = await cancelRefund(tx, row.d.refundId, { staffId: session.staffId, reason: reason! }, now);
    if (!cancelled) throw new AppError('REFUND_NOT_CANCELLABLE');
    await tellInThread(tx, caseId, text.join('\n'), now);
    await mail!(tx);
  });
  if (mail) deps.notifier.wake();
  return { state, tenantId: row.d.tenantId, memberId: row.d.memberId, refundId: row.d.refundId };
}
