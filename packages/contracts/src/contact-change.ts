import { z } from 'zod';
import { dataEnvelope } from './api';
import { ZEmail } from './auth';
import { ZMobileNumber } from './personal-info';

/** A code or a confirmation validated this recently by the session counts as fresh (no password needed). */
export const CONTACT_CHANGE_FRESH_MINUTES = 10;
/** Validity of the link mailed to a new address. */
export const CONTACT_CHANGE_LINK_HOURS = 24;

/**
 * POST /api/contact-change: asks to change the e-mail address or mobile number that receives codes.
 * `password` is required unless the session passed a code in the last CONTACT_CHANGE_FRESH_MINUTES.
 */
export const ZContactChangeRequest = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('email'), value: ZEmail, password: z.string().min(1).max(200).optional() }),
  z.object({ kind: z.literal('mobile'), value: ZMobileNumber, password: z.string().min(1).max(200).optional() }),
]);
export type TContactChangeRequest = z.infer<typeof ZContactChangeRequest>;

/** 202: a link went to the new address (email) or a code to the new number (mobile); `destination` is masked. */
export const ZContactChangeResponse = dataEnvelope(
  z.object({ kind: z.enum(['email', 'mobile']), status: z.literal('PENDING'), destination: z.string(), expiresAt: z.string() }),
);

/** POST /api/contact-change/confirm: the token of the mailed link, or the SMS code. */
export const ZContactChangeConfirmRequest = z.union([
  z.object({ token: z.string().min(20).max(100) }).strict(),
  z
    .object({
      code: z
        .string()
        .trim()
        .regex(/^[0-9]{6}$/, 'Le code compte 6 chiffres.'),
    })
    .strict(),
]);
export const ZContactChangeConfirmResponse = dataEnvelope(z.object({ kind: z.enum(['email', 'mobile']), confirmed: z.literal(true) }));
