/*
 * The invoice read again by the server for the automatic decision: the confidence the browser's scan
 * showed is never trusted, the stored file is read anew.
 */

export type InvoiceReading = {
  careDate: string | null;
  amountCents: number | null;
  /** 0–1 per field. */
  confidence: { careDate: number; amountCents: number };
};

export type InvoiceFile = { content: Buffer; contentType: string; name: string };

/** Reads an invoice; null when it could not be read at all (not an invoice, unreadable). */
export type InvoiceReader = (file: InvoiceFile) => Promise<InvoiceReading | null>;

/** No reader installed: nothing is read, so a tenant requiring the reading decides nothing automatically. */
export const NO_READER: InvoiceReader = async () => null;

/**
 * How sure the reading is that the invoice is the claim: the lower confidence of its care date and
 * amount, when both equal what the member claimed; null when a field is missing or differs.
 */
export function readConfidenceOf(reading: InvoiceReading | null, claim: { careDate: string; amountCents: number }): number | null {
  if (!reading || reading.careDate !== claim.careDate || reading.amountCents !== claim.amountCents) return null;
  return Math.min(reading.confidence.careDate, reading.confidence.amountCents);
}

/** The reader the decision job uses. */
export function invoiceReader(): InvoiceReader {
  return NO_READER;
}
