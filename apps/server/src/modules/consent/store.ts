import { isConsentCurrent, type TConsentChoice, type TConsentState } from '@mutua/contracts/consent';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import { cookieConsents } from './schema';

/**
 * Is this request made in a back-office session? The one place that reads it: the session record's
 * is_bo_authentication, which the back-office login sets. No banner, no tracking, no choice recorded.
 */
export function isBackOfficeRequest(request: FastifyRequest): boolean {
  return request.session?.isBoAuthentication === true;
}

/** The visitor's current choice: their latest, while still valid (CONSENT_VALIDITY_DAYS). */
export async function currentConsent(db: Db, tenantId: string, visitorId: string | null, now: Date): Promise<TConsentState['choice']> {
  if (!visitorId) return null;
  const [latest] = await db
    .select({ analytics: cookieConsents.analytics, decidedAt: cookieConsents.decidedAt })
    .from(cookieConsents)
    .where(and(eq(cookieConsents.tenantId, tenantId), eq(cookieConsents.visitorId, visitorId)))
    .orderBy(desc(cookieConsents.decidedAt))
    .limit(1);
  if (!latest || !isConsentCurrent(latest.decidedAt, now)) return null;
  return { analytics: latest.analytics, decidedAt: latest.decidedAt.toISOString() };
}

/** Records a choice (each one is kept: the proof of what was accepted when). */
export async function recordConsent(
  db: Db,
  input: { tenantId: string; visitorId: string; accountId: string | null; choice: TConsentChoice; now: Date },
): Promise<void> {
  await db
    .insert(cookieConsents)
    .values({ tenantId: input.tenantId, visitorId: input.visitorId, accountId: input.accountId, analytics: input.choice.analytics, decidedAt: input.now });
}
