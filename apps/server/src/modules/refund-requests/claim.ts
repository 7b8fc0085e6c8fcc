import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refundRequestDetails } from '../../db/schema';

/** What the member's refund claim asked (act, care date, amount paid), or null for another request. */
export async function refundClaimOf(db: Db, requestId: string) {
  const [row] = await db
    .select({
      actCode: refundRequestDetails.actCode,
      careDate: refundRequestDetails.careDate,
      amountCents: refundRequestDetails.amountCents,
      sessions: refundRequestDetails.sessions,
    })
    .from(refundRequestDetails)
    .where(eq(refundRequestDetails.requestId, requestId));
  return row ?? null;
}
