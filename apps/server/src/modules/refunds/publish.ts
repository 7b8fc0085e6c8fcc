import { parisIsoDate } from '@mutua/contracts/dates';
import type { TCareLineFields } from '@mutua/contracts/guarantees-api';
import { refundBeneficiaryTypeOfRank, type OperationType, type PaymentTarget } from '@mutua/contracts/refunds';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { beneficiaries, refundActs, refundCancellations, refundPayments, refunds, type RefundAct } from '../../db/schema';
import { AppError } from '../../lib/app-error';

/** One line as the guarantees engine computed it, and the correction staff made of the mutuelle's part, if any. */
export type PublishedLine = TCareLineFields & { careDate: string; quantity: number; correction: { amcCents: number; reason: string } | null };

export type PublishedRefund = {
  memberId: string;
  /** The person cared for; null: the main insured. */
  beneficiaryId: string | null;
  actFamily: OperationType;
  actWording: string;
  careDate: string;
  lines: PublishedLine[];
};

/** A refund line's columns from the engine's figures (a correction replaces the mutuelle's part, the engine's figure kept beside it). */
export function refundActValues(line: PublishedLine, position: number): Omit<typeof refundActs.$inferInsert, 'refundId'> {
  const amc = line.correction ? line.correction.amcCents : line.amcCents;
  return {
    position,
    actCode: line.actCode,
    wording: line.label,
    careDate: line.careDate,
    quantity: line.quantity,
    billedCents: line.expenseCents,
    socialSecurityBaseCents: line.baseCents,
    socialSecurityRate: Math.round(line.amoRate),
    socialSecurityCents: line.amoNetCents,
    otherMutualCents: 0,
    productCents: amc,
    remainingChargeCents: line.expenseCents - line.amoNetCents - amc,
    amoGrossCents: line.amoGrossCents,
    participationCents: line.participationCents,
    franchiseCents: line.franchiseCents,
    capsApplied: line.capsApplied,
    steps: line.steps,
    guarantee: line.guarantee,
    allowance: line.allowance,
    explanation: line.explanation,
    engineVersion: line.engineVersion,
    correction: line.correction ? { engineAmcCents: line.amcCents, reason: line.correction.reason } : null,
  };
}

/** The refund's totals: the sums of its lines. */
export function refundTotals(
  acts: readonly Pick<RefundAct, 'billedCents' | 'socialSecurityCents' | 'productCents' | 'remainingChargeCents' | 'otherMutualCents'>[],
) {
  const sum = (pick: (a: (typeof acts)[number]) => number) => acts.reduce((n, a) => n + pick(a), 0);
  return {
    totalCostCents: sum((a) => a.billedCents),
    socialSecurityCents: sum((a) => a.socialSecurityCents),
    otherMutualCents: sum((a) => a.otherMutualCents),
    productCents: sum((a) => a.productCents),
    remainingChargeCents: sum((a) => a.remainingChargeCents),
  };
}

/**
 * A refund the management centre pays (the back office, once a second staff member approved it): its
 * lines as the guarantees engine computed them (engine version and explanation kept), paid to the
 * insured today, with a fresh statement number. The member sees it in « Mes remboursements » and
 * downloads its statement like any other. Runs in the caller's transaction.
 */
export async function publishRefund(
  tx: Db,
  input: PublishedRefund,
  now: Date,
  statement?: { paymentDate: string; reference: string; paymentTarget: PaymentTarget; thirdPartyName: string | null },
): Promise<{ id: string; reference: string; beneficiaryId: string }> {
  if (input.lines.length === 0) throw new Error('a refund needs a line');
  const [who] = await tx
    .select({ id: beneficiaries.id, rank: beneficiaries.rank })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.memberId, input.memberId), input.beneficiaryId ? eq(beneficiaries.id, input.beneficiaryId) : eq(beneficiaries.rank, 'MAIN')))
    .limit(1);
  if (!who) throw new Error('refund beneficiary missing');
  const paymentDate = statement?.paymentDate ?? parisIsoDate(now);
  const reference = statement?.reference ?? `GC${paymentDate.replaceAll('-', '')}${randomBytes(3).toString('hex').toUpperCase()}`;
  const acts = input.lines.map((line, i) => refundActValues(line, i + 1));
  const [row] = await tx
    .insert(refunds)
    .values({
      memberId: input.memberId,
      beneficiaryId: who.id,
      beneficiaryType: refundBeneficiaryTypeOfRank(who.rank),
      reference,
      careDate: input.careDate,
      paymentDate,
      actFamily: input.actFamily,
      actWording: input.actWording,
      paymentTarget: statement?.paymentTarget ?? 'insured',
      thirdPartyName: statement?.thirdPartyName ?? null,
      ...refundTotals(acts),
      socialSecurityRate: acts[0]!.socialSecurityRate,
      createdAt: now,
    })
    .returning({ id: refunds.id });
  await tx.insert(refundActs).values(acts.map((a) => ({ ...a, refundId: row!.id })));
  return { id: row!.id, reference, beneficiaryId: who.id };
}

/**
 * Cancels a published refund: kept as it was in refund_cancellations (who, when, why), then removed
 * from the member's refunds. The caller gives back its allowances first, in the same transaction.
 */
export async function cancelRefund(
  tx: Db,
  refundId: string,
  by: { staffId: string; reason: string },
  now: Date,
): Promise<{ memberId: string; reference: string } | null> {
  const [refund] = await tx.select().from(refunds).where(eq(refunds.id, refundId)).for('update');
  if (!refund) return null;
  // A transfer already written into a payment file is money on its way: cancelling the row would leave
  // the file paying a refund that no longer exists. What was paid is recovered as an overpayment.
  const [paid] = await tx
    .select({ fileId: refundPayments.fileId })
    .from(refundPayments)
    .where(and(eq(refundPayments.refundId, refundId), eq(refundPayments.kind, 'TRANSFER')));
  if (paid?.fileId) throw new AppError('REFUND_ALREADY_PAID');
  const acts = await tx.select().from(refundActs).where(eq(refundActs.refundId, refundId));
  await tx.insert(refundCancellations).values({
    refundId,
    memberId: refund.memberId,
    reference: refund.reference,
    reason: by.reason,
    cancelledBy: by.staffId,
    cancelledAt: now,
    snapshot: JSON.parse(JSON.stringify({ refund, acts })) as Record<string, unknown>,
  });
  await tx.delete(refunds).where(eq(refunds.id, refundId));
  return { memberId: refund.memberId, reference: refund.reference };
}
