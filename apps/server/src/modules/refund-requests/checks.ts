import { CLAIM_WARNING_MESSAGES, isAmountImplausible, practitionerKey, type TClaimWarning } from '@mutua/contracts/claim-checks';
import { parisIsoDate } from '@mutua/contracts/dates';
import { formatEuros, frenchDateWords } from '@mutua/contracts/french-format';
import { and, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { claimFingerprints, requests } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { claimLineOf } from '../guarantees/public';
import { computeLinesFor } from '../guarantees/public';

/*
 * The checks of a refund claim before and at sending: the same invoice twice (a warning before, a
 * refusal at sending — the unique indexes of claim_fingerprints hold even for two sendings at once),
 * the beneficiary covered on the care date (refused), an amount above ten times the act's base (a
 * warning).
 */

export type ClaimIdentity = {
  memberId: string;
  beneficiaryId: string;
  careDate: string;
  amountCents: number;
  practitioner: string;
  invoiceSha256: string | null;
};

/** When the same invoice was sent before (its claim's date), or null. */
export async function sameInvoiceSentOn(db: Db, claim: ClaimIdentity): Promise<Date | null> {
  const practitioner = practitionerKey(claim.practitioner);
  // Without a practitioner only the file tells: two same-day claims of one amount may be two invoices.
  const sameFields = practitioner
    ? and(
        eq(claimFingerprints.beneficiaryId, claim.beneficiaryId),
        eq(claimFingerprints.careDate, claim.careDate),
        eq(claimFingerprints.amountCents, claim.amountCents),
        eq(claimFingerprints.practitioner, practitioner),
      )
    : undefined;
  const sameFile = claim.invoiceSha256 ? eq(claimFingerprints.invoiceSha256, claim.invoiceSha256) : undefined;
  if (!sameFields && !sameFile) return null;
  const [row] = await db
    .select({ sentAt: requests.createdAt })
    .from(claimFingerprints)
    .innerJoin(requests, eq(requests.id, claimFingerprints.requestId))
    .where(and(eq(claimFingerprints.memberId, claim.memberId), or(sameFile, sameFields)))
    .limit(1);
  return row?.sentAt ?? null;
}

/** The claim's fingerprint, in the sending transaction: a second sending of the same invoice is refused with nothing stored. */
export async function recordFingerprint(tx: Db, requestId: string, claim: ClaimIdentity & { invoiceSha256: string }): Promise<void> {
  try {
    await tx.insert(claimFingerprints).values({
      requestId,
      memberId: claim.memberId,
      beneficiaryId: claim.beneficiaryId,
      practitioner: practitionerKey(claim.practitioner),
      careDate: claim.careDate,
      amountCents: claim.amountCents,
      invoiceSha256: claim.invoiceSha256,
    });
  } catch (error) {
    const code = (error as { cause?: { code?: string }; code?: string }).cause?.code ?? (error as { code?: string }).code;
    if (code === '23505') throw new AppError('CLAIM_DUPLICATE');
    throw error;
  }
}

/**
 * The act's Sécurité sociale base for the claim, through the engine (null: the act is not in the tariff
 * catalogue); refuses a person not covered on the care date.
 */
export async function baseOfClaim(
  db: Db,
  who: { tenantId: string; memberId: string; familyPosition: number },
  claim: { actCode: string; careDate: string; amountCents: number; sessions: number },
): Promise<number | null> {
  try {
    const computed = await computeLinesFor(db, who, claim.careDate, [claimLineOf(claim)]);
    return computed.lines.reduce((n, l) => n + l.baseCents, 0);
  } catch (error) {
    if (error instanceof AppError && error.code === 'CARE_ACT_UNKNOWN') return null;
    throw error;
  }
}

/** The warnings the form shows before sending. */
export function claimWarnings(sentOn: Date | null, amountCents: number, baseCents: number | null): TClaimWarning[] {
  const warnings: TClaimWarning[] = [];
  if (sentOn) warnings.push({ code: 'DUPLICATE', message: CLAIM_WARNING_MESSAGES.duplicate(frenchDateWords(parisIsoDate(sentOn))) });
  if (baseCents !== null && isAmountImplausible(amountCents, baseCents))
    warnings.push({ code: 'AMOUNT_IMPLAUSIBLE', message: CLAIM_WARNING_MESSAGES.implausible(formatEuros(baseCents)) });
  return warnings;
}
