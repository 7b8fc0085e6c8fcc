import { createHash } from 'node:crypto';
import { UPLOAD_CONTENT_TYPES, detectUploadFormat, safeUploadName, type UploadFormat } from '@mutua/contracts/uploads';
import { PDFDocument } from 'pdf-lib';
import { AppError } from '../lib/app-error';
import type { StoredContentType } from '../db/schema';

export type InspectedUpload = {
  format: UploadFormat;
  contentType: StoredContentType;
  /** Display and download name: the member's file name, cleaned, with the extension of the real format. */
  name: string;
  sizeBytes: number;
  sha256: string;
  content: Buffer;
};

/**
 * Checks one uploaded file by its content: format from its first bytes (never the name or the declared
 * type), and for PDFs that it opens and is not encrypted. Throws the matching upload AppError.
 */
export async function inspectUpload(content: Buffer, originalName: string): Promise<InspectedUpload> {
  if (content.length === 0) throw new AppError('UPLOAD_EMPTY_FILE');
  const format = detectUploadFormat(content);
  if (!format) throw new AppError('UPLOAD_INVALID_FORMAT');
  if (format === 'pdf' && (await pdfIsEncrypted(content))) throw new AppError('UPLOAD_ENCRYPTED');
  return {
    format,
    contentType: UPLOAD_CONTENT_TYPES[format] as StoredContentType,
    name: safeUploadName(originalName, format),
    sizeBytes: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
    content,
  };
}

/**
 * Whether a PDF is password-protected. pdf-lib loads it with ignoreEncryption and reports isEncrypted;
 * a PDF pdf-lib cannot parse at all is refused as an invalid format rather than stored unread.
 */
async function pdfIsEncrypted(content: Buffer): Promise<boolean> {
  try {
    const doc = await PDFDocument.load(content, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
    return doc.isEncrypted;
  } catch {
    throw new AppError('UPLOAD_INVALID_FORMAT');
  }
}
