import { z } from 'zod';
import { REFUND_PRACTITIONER_MAX } from './refund-requests';

/*
 * What a refund claim is checked for before it is sent (POST /api/refund-requests/check, nothing
 * stored): the same invoice already sent — by its file's SHA-256, computed in the browser, or by the
 * same practitioner, care date, amount and person (when a practitioner is given) — and an amount
 * implausible for the act. The
 * sending itself refuses the duplicate (the server hashes the file again); the amount is a warning the
 * member may confirm.
 */

/** Above this many times the act's Sécurité sociale base, the amount is worth a second look. */
export const PLAUSIBLE_AMOUNT_FACTOR = 10;

export const ZClaimCheckInput = z.object({
  actCode: z.string().trim().min(1).max(60),
  familyPosition: z.number().int().min(1),
  careDate: z.iso.date(),
  amountCents: z.number().int().min(1),
  sessions: z.number().int().min(1).max(99).default(1),
  practitioner: z.string().trim().max(REFUND_PRACTITIONER_MAX).default(''),
  /** SHA-256 (hex) of the invoice's file, when one is attached. */
  invoiceSha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});
export type TClaimCheckInput = z.infer<typeof ZClaimCheckInput>;

export const CLAIM_WARNINGS = ['DUPLICATE', 'AMOUNT_IMPLAUSIBLE'] as const;
export const ZClaimWarning = z.object({ code: z.enum(CLAIM_WARNINGS), message: z.string() });
export type TClaimWarning = z.infer<typeof ZClaimWarning>;
export const ZClaimCheckResult = z.object({ warnings: z.array(ZClaimWarning) });
export type TClaimCheckResult = z.infer<typeof ZClaimCheckResult>;

/** A practitioner as compared between claims: lower case, letters and digits only. */
export function practitionerKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** True when the amount exceeds ten times the act's base (no base, e.g. an act the Sécurité sociale does not refund: no warning). */
export function isAmountImplausible(amountCents: number, baseCents: number): boolean {
  return baseCents > 0 && amountCents > PLAUSIBLE_AMOUNT_FACTOR * baseCents;
}

export const CLAIM_WARNING_MESSAGES = {
  duplicate: (sentOn: string) => `Cette facture semble déjà envoyée dans une demande du ${sentOn}. Une même facture ne peut être remboursée qu’une fois.`,
  implausible: (base: string) =>
    `Ce montant dépasse ${PLAUSIBLE_AMOUNT_FACTOR} fois la base de remboursement de la Sécurité sociale pour cet acte (${base}). Vérifiez-le avant d’envoyer votre demande.`,
};
