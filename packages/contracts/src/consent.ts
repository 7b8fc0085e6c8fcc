import { z } from 'zod';
import { dataEnvelope } from './api';

/*
 * Cookie consent (a back-office session disables the consent script). The visitor
 * accepts, refuses or chooses per purpose; the choice is stored server-side (POST /api/consent) with a
 * visitor id in an HttpOnly cookie; the tracking module stays silent until audience measurement is
 * accepted. A choice is asked again after CONSENT_VALIDITY_DAYS (CNIL: about 6 months).
 */

/** The HttpOnly cookie holding the visitor's id (the key of their stored choices). */
export const CONSENT_COOKIE = 'mutua_consent';
/** After this many days the question is asked again (and the cookie expires shortly after). */
export const CONSENT_VALIDITY_DAYS = 182;

/** The purposes a visitor may accept one by one; the strictly necessary cookies need no consent. */
export const ZConsentChoice = z.object({
  /** Audience measurement (the tracking module). */
  analytics: z.boolean('Indiquez si vous acceptez la mesure d’audience.'),
});
export type TConsentChoice = z.infer<typeof ZConsentChoice>;

export const ZConsentState = z.object({
  /** The visitor's current choice, null when never made or expired: the banner shows. */
  choice: ZConsentChoice.extend({ decidedAt: z.string() }).nullable(),
  /** A back-office session: no banner, no tracking, no choice recorded in the member's name. */
  backOffice: z.boolean(),
});
export type TConsentState = z.infer<typeof ZConsentState>;

export const ZConsentStateResponse = dataEnvelope(ZConsentState);

/** Is a choice made at `decidedAt` still valid at `now`? */
export function isConsentCurrent(decidedAt: Date, now: Date): boolean {
  return now.getTime() - decidedAt.getTime() < CONSENT_VALIDITY_DAYS * 86_400_000;
}
