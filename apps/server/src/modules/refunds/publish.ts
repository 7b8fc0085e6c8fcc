import { parisIsoDate, refundBeneficiaryTypeOfRank, type OperationType } from '@mutua/contracts';
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { beneficiaries, refundActs, refunds } from '../../db/schema';

export type PublishedRefund = {
  memberId: string;
  /** The person cared for; null: the main insured. */
  beneficiaryId: string | null;
  actFamily: OperationType;
  actWording: string;
  careDate: string;
  totalCostCents: number;
  socialSecurityCents: number;
  productCents: number;
  socialSecurityRate: number;
};

/**
 * A refund the management centre pays (the back office, once a second staff member approved it): one
 * act, paid to the insured today, with a fresh statement number. The member sees it in « Mes
 * remboursements » and downloads its statement like any other. Runs in the caller's transaction.
 */
export async function publishRefund(tx: Db, input: PublishedRefund, now: Date): Promise<{ id: string; reference: string }> {
  const [who] = await tx
    .select({ id: beneficiaries.id, rank: beneficiaries.rank })
    .from(beneficiaries)
    .where(and(eq(beneficiaries.memberId, input.memberId), input.beneficiaryId ? eq(beneficiaries.id, input.beneficiaryId) : eq(beneficiaries.rank, 'MAIN')))
    .limit(1);
  if (!who) throw new Error('refund beneficiary missing');
  const paymentDate = parisIsoDate(now);
  const reference = `GC${paymentDate.replaceAll('-', '')}${randomBytes(3).toString('hex').toUpperCase()}`;
  const remaining = Math.max(0, input.totalCostCents - input.socialSecurityCents - input.productCents);
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
      paymentTarget: 'insured',
      thirdPartyName: null,
      totalCostCents: input.totalCostCents,
      socialSecurityCents: input.socialSecurityCents,
      otherMutualCents: 0,
      productCents: input.productCents,
      remainingChargeCents: remaining,
      socialSecurityRate: input.socialSecurityRate,
      createdAt: now,
    })
    .returning({ id: refunds.id });
  await tx.insert(refundActs).values({
    refundId: row!.id,
    position: 1,
    actCode: input.actFamily.toUpperCase().slice(0, 8),
    wording: input.actWording,
    careDate: input.careDate,
    quantity: 1,
    billedCents: input.totalCostCents,
    socialSecurityBaseCents: input.socialSecurityRate > 0 ? Math.round((input.socialSecurityCents * 100) / input.socialSecurityRate) : 0,
    socialSecurityRate: input.socialSecurityRate,
    socialSecurityCents: input.socialSecurityCents,
    otherMutualCents: 0,
    productCents: input.productCents,
    remainingChargeCents: remaining,
  });
  return { id: row!.id, reference };
}
