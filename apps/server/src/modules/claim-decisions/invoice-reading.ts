import { AppError } from '../../lib/app-error';
import { scanInvoice } from '../invoice-scan/public';

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

/**
 * How sure the reading is that the invoice is the claim: the lower confidence of its care date and
 * amount, when both equal what the member claimed; null when a field is missing or differs.
 */
export function readConfidenceOf(reading: InvoiceReading | null, claim: { careDate: string; amountCents: number }): number | null {
  if (!reading || reading.careDate !== claim.careDate || reading.amountCents !== claim.amountCents) return null;
  return Math.min(reading.confidence.careDate, reading.confidence.amountCents);
}

/**
 * The decision job's reader: the invoice reader of the scan (OCR or a PDF's text). A file it cannot read
 * as an invoice is no reading (the claim goes to an agent); a reader too busy throws, and the job is
 * tried again later.
 */
export function invoiceReader(today: () => string): InvoiceReader {
  return async (file) => {
    try {
      const scan = await scanInvoice({ bytes: file.content, mimeType: file.contentType, fileName: file.name }, { today: today() });
      return {
        careDate: scan.careDate,
        amountCents: scan.amountCents,
        confidence: { careDate: scan.confidence.careDate, amountCents: scan.confidence.amountCents },
      };
    } catch (error) {
      if (error instanceof AppError && error.code !== 'OVERLOADED') return null;
      throw error;
    }
  };
}
