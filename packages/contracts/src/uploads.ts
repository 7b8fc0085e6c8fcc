/*
 * Upload rules shared by the web app (early feedback) and the server (the authority): accepted formats
 * recognised by their first bytes, never by name or declared type; size and count limits. The spec
 * leaves the limits open ("not shown"); ours are below, chosen for phone photos and scanned PDFs.
 * Encrypted (password-protected) PDFs are refused by the server, which opens each PDF to check.
 */

export const UPLOAD_FORMATS = ['pdf', 'jpg', 'gif', 'png'] as const;
export type UploadFormat = (typeof UPLOAD_FORMATS)[number];

export const UPLOAD_CONTENT_TYPES: Record<UploadFormat, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  png: 'image/png',
};

/** The `accept` attribute of file inputs (a hint only: the server checks content). */
export const UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,.gif,.png,application/pdf,image/jpeg,image/gif,image/png';

/** At most 5 files per message, 10 MB each, 20 MB together. */
export const UPLOAD_MAX_FILES = 5;
export const UPLOAD_MAX_FILE_MB = 10;
export const UPLOAD_MAX_TOTAL_MB = 20;
export const UPLOAD_MAX_FILE_BYTES = UPLOAD_MAX_FILE_MB * 1024 * 1024;
export const UPLOAD_MAX_TOTAL_BYTES = UPLOAD_MAX_TOTAL_MB * 1024 * 1024;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);

/**
 * The format of a file from its first bytes: `%PDF-` (PDF), FF D8 FF (JPEG), `GIF87a`/`GIF89a`, the
 * 8-byte PNG signature. Anything else is null, whatever its name says.
 */
export function detectUploadFormat(bytes: Uint8Array): UploadFormat | null {
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpg';
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x37, 0x61]) || startsWith(bytes, [0x47, 0x49, 0x46, 0x38, 0x39, 0x61])) return 'gif';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  return null;
}

export type UploadProblem = 'UPLOAD_TOO_MANY_FILES' | 'UPLOAD_FILE_TOO_LARGE' | 'UPLOAD_TOTAL_TOO_LARGE' | 'UPLOAD_INVALID_FORMAT' | 'UPLOAD_EMPTY_FILE';

/**
 * First problem of a batch of files by count, size and (when the bytes are given) format, or null.
 * Order: count, each file's emptiness, size and format, then the total.
 */
export function checkUploadBatch(files: readonly { size: number; head?: Uint8Array }[]): UploadProblem | null {
  if (files.length > UPLOAD_MAX_FILES) return 'UPLOAD_TOO_MANY_FILES';
  let total = 0;
  for (const file of files) {
    if (file.size === 0) return 'UPLOAD_EMPTY_FILE';
    if (file.size > UPLOAD_MAX_FILE_BYTES) return 'UPLOAD_FILE_TOO_LARGE';
    if (file.head && detectUploadFormat(file.head) === null) return 'UPLOAD_INVALID_FORMAT';
    total += file.size;
  }
  return total > UPLOAD_MAX_TOTAL_BYTES ? 'UPLOAD_TOTAL_TOO_LARGE' : null;
}

/**
 * A display name safe to store and to send back in Content-Disposition: no folders, no control
 * characters, at most 120 characters, and an extension matching the detected format.
 */
export function safeUploadName(original: string, format: UploadFormat): string {
  const base = original.split(/[\\/]/).pop() ?? '';
  const cleaned = base
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"<>|:*?]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  const stem = cleaned.replace(/\.[^.]*$/, '').slice(0, 100) || 'document';
  return `${stem}.${format}`;
}

const ENCRYPT_KEY = [0x2f, 0x45, 0x6e, 0x63, 0x72, 0x79, 0x70, 0x74]; // "/Encrypt"

/**
 * Whether a PDF's bytes name an encryption dictionary (`/Encrypt` in its trailer or cross-reference
 * stream): how the browser spots a password-protected PDF before sending it. A hint for early
 * feedback only; the server opens every PDF and is the authority.
 */
export function pdfLooksEncrypted(bytes: Uint8Array): boolean {
  outer: for (let i = 0; i + ENCRYPT_KEY.length <= bytes.length; i++) {
    for (let j = 0; j < ENCRYPT_KEY.length; j++) if (bytes[i + j] !== ENCRYPT_KEY[j]) continue outer;
    // "/EncryptMetadata" is a key inside an encryption dictionary, not the trailer's reference.
    const next = bytes[i + ENCRYPT_KEY.length];
    if (next === undefined || !((next >= 0x41 && next <= 0x5a) || (next >= 0x61 && next <= 0x7a))) return true;
  }
  return false;
}

export type FileUploadProblem = Exclude<UploadProblem, 'UPLOAD_TOO_MANY_FILES' | 'UPLOAD_TOTAL_TOO_LARGE'> | 'UPLOAD_ENCRYPTED';

/** The problem of one file on its own (empty, too large, not an accepted format, encrypted PDF), or null. */
export function fileUploadProblem(file: { size: number; bytes: Uint8Array }): FileUploadProblem | null {
  if (file.size === 0) return 'UPLOAD_EMPTY_FILE';
  if (file.size > UPLOAD_MAX_FILE_BYTES) return 'UPLOAD_FILE_TOO_LARGE';
  const format = detectUploadFormat(file.bytes);
  if (format === null) return 'UPLOAD_INVALID_FORMAT';
  if (format === 'pdf' && pdfLooksEncrypted(file.bytes)) return 'UPLOAD_ENCRYPTED';
  return null;
}
