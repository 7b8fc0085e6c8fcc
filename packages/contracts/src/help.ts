import { z } from 'zod';
import { dataEnvelope } from './api';

/*
 * Help (public): a short code a member reads to a phone adviser, who finds the member with it
 * (POST /api/help/adviser-code), and the technical report the help page builds in the browser.
 */

/** Letters and digits no one confuses on the phone (no 0/O, 1/I/L). */
export const ADVISER_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const ADVISER_CODE_LENGTH = 6;
/** How long an adviser code stays valid. */
export const ADVISER_CODE_TTL_MINUTES = 30;

/** A membership number (8 digits) or a social security number (13 characters, or 15 with its key). */
export const ADVISER_IDENTIFIER_PATTERN = /^(?:[0-9]{8}|[12][0-9]{4}(?:[0-9]{2}|2A|2B)[0-9]{6}(?:[0-9]{2})?)$/;

/** Spaces, dots and dashes people type inside numbers are dropped; letters upper-cased (2A, 2B). */
export const normaliseAdviserIdentifier = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

export const ZAdviserCodeRequest = z.object({
  /** Signed out: membership number or NIR. Ignored when signed in (the session says who). */
  identifier: z
    .string()
    .max(40, 'Saisissez votre numéro d’adhérent (8 chiffres) ou votre numéro de sécurité sociale (13 ou 15 caractères).')
    .transform(normaliseAdviserIdentifier)
    .pipe(
      z.string().regex(ADVISER_IDENTIFIER_PATTERN, 'Saisissez votre numéro d’adhérent (8 chiffres) ou votre numéro de sécurité sociale (13 ou 15 caractères).'),
    )
    .optional(),
});
export type TAdviserCodeRequest = z.input<typeof ZAdviserCodeRequest>;

/** The same shape whether or not the identifier belongs to a member. */
export const ZAdviserCode = z.object({ code: z.string(), expiresAt: z.iso.datetime() });
export type TAdviserCode = z.infer<typeof ZAdviserCode>;
export const ZAdviserCodeResponse = dataEnvelope(ZAdviserCode);

/** An adviser code as typed by an adviser: case and spaces ignored. */
export const normaliseAdviserCode = (value: string) => value.replace(/[\s-]/g, '').toUpperCase();
