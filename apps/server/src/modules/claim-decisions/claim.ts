import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { beneficiaries, claimFingerprints, members, refundRequestDetails, requests } from '../../db/schema';
import { findRequestFile } from '../documents/public';
import type { InvoiceFile } from './invoice-reading';

/** A sent refund claim as the decision job reads it. */
export type SentClaim = Awaited<ReturnType<typeof loadSentClaim>> & object;

export async function loadSentClaim(db: Db, requestId: string) {
  const [row] = await db
    .select({
      requestId: requests.id,
      memberId: requests.memberId,
      typeCode: requests.typeCode,
      tenantId: members.tenantId,
      beneficiaryId: beneficiaries.id,
      familyPosition: beneficiaries.familyPosition,
      actCode: refundRequestDetails.actCode,
      careDate: refundRequestDetails.careDate,
      amountCents: refundRequestDetails.amountCents,
      sessions: refundRequestDetails.sessions,
      invoiceSha256: claimFingerprints.invoiceSha256,
    })
    .from(requests)
    .innerJoin(members, eq(members.id, requests.memberId))
    .innerJoin(refundRequestDetails, eq(refundRequestDetails.requestId, requests.id))
    .innerJoin(beneficiaries, eq(beneficiaries.id, requests.beneficiaryId))
    .leftJoin(claimFingerprints, eq(claimFingerprints.requestId, requests.id))
    .where(eq(requests.id, requestId));
  return row ?? null;
}

/** The invoice the member sent with the claim (the file whose hash the claim's fingerprint holds). */
export async function invoiceOf(db: Db, claim: Pick<NonNullable<SentClaim>, 'requestId' | 'invoiceSha256'>): Promise<InvoiceFile | null> {
  if (!claim.invoiceSha256) return null;
  const file = await findRequestFile(db, claim.requestId, claim.invoiceSha256);
  return file && { content: file.content, contentType: file.contentType, name: file.nameFile };
}

/**
 * Another claim for the same person, care date and act (a different amount or invoice): not the same
 * invoice — that one is refused at sending — but one a person should look at.
 */
export async function hasSimilarClaim(db: Db, claim: Pick<NonNullable<SentClaim>, 'requestId' | 'beneficiaryId' | 'careDate' | 'actCode'>): Promise<boolean> {
  const [other] = await db
    .select({ id: refundRequestDetails.requestId })
    .from(refundRequestDetails)
    .innerJoin(requests, eq(requests.id, refundRequestDetails.requestId))
    .where(
      and(
        eq(requests.beneficiaryId, claim.beneficiaryId),
        eq(refundRequestDetails.careDate, claim.careDate),
        eq(refundRequestDetails.actCode, claim.actCode),
        ne(refundRequestDetails.requestId, claim.requestId),
      ),
    )
    .limit(1);
  return !!other;
}
