import { z } from 'zod';
import { dataEnvelope } from './api';

/*
 * The invoice reader (POST /api/refund-requests/scan): a photo or a PDF of a care invoice, read by OCR,
 * answers what the get-refund form can be prefilled with. Nothing is stored; the member checks and
 * confirms every field. A field not found is null, and its confidence 0.
 */

/** Below this confidence a prefilled field is marked « À vérifier » for the member. */
export const INVOICE_SCAN_CONFIDENT = 0.8;

const confidence = z.number().min(0).max(1);

export const ZInvoicePractitioner = z.object({
  /** As printed (« Dr Marie Durand », « Cabinet de kinésithérapie du Parc »), or null. */
  name: z.string().nullable(),
  /** 11 digits (Répertoire partagé des professionnels de santé). */
  rpps: z
    .string()
    .regex(/^\d{11}$/)
    .nullable(),
  /** 9 digits (being replaced by the RPPS). */
  adeli: z
    .string()
    .regex(/^\d{9}$/)
    .nullable(),
  /** 9 characters, the last a Luhn check digit (2A/2B in Corsica). */
  finess: z
    .string()
    .regex(/^(\d{9}|2[AB]\d{7})$/)
    .nullable(),
});
export type TInvoicePractitioner = z.infer<typeof ZInvoicePractitioner>;

export const ZInvoiceScan = z.object({
  /** YYYY-MM-DD. */
  careDate: z.iso.date().nullable(),
  /** The total paid, in cents. */
  amountCents: z.number().int().positive().nullable(),
  practitioner: ZInvoicePractitioner,
  /** A code of the refund-request form's act catalogue (CONSULTATION_GENERALISTE, KINESITHERAPIE…). */
  actCode: z.string().nullable(),
  /** 0–1 per field: how sure the reader is (0 when the field was not found). */
  confidence: z.object({ careDate: confidence, amountCents: confidence, practitioner: confidence, actCode: confidence }),
});
export type TInvoiceScan = z.infer<typeof ZInvoiceScan>;

export const ZInvoiceScanResponse = dataEnvelope(ZInvoiceScan);

/** The one multipart file field of the scan. */
export const INVOICE_SCAN_FILE_FIELD = 'file';
/** What the file input offers (phone camera included); the server checks the content. */
export const INVOICE_SCAN_ACCEPT = 'image/*,application/pdf';

/** The refund form's document a scanned invoice is attached as (« Facture détaillée et acquittée »). */
export const INVOICE_DOCUMENT_CODE = 'FACTURE_DETAILLEE';

/** The amount as the refund form's field takes it: « 1234,56 ». */
export const amountFieldText = (cents: number): string => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;

/** The practitioner as one line: « Dr Marie DURAND, RPPS 10101234567 ». */
export function practitionerText(p: TInvoicePractitioner): string {
  const ids = [p.rpps && `RPPS ${p.rpps}`, p.adeli && `ADELI ${p.adeli}`, p.finess && `FINESS ${p.finess}`].filter(Boolean);
  return [p.name, ...ids].filter(Boolean).join(', ');
}

/** Whether a field's confidence is too low to take without the member's look. */
export const needsCheck = (value: number): boolean => value < INVOICE_SCAN_CONFIDENT;
