import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors';
import {
  fileUploadProblem,
  pdfLooksEncrypted,
  UPLOAD_CONTENT_TYPES,
  UPLOAD_FORMATS,
  UPLOAD_MAX_FILES,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILE_MB,
  UPLOAD_MAX_TOTAL_BYTES,
  UPLOAD_MAX_TOTAL_MB,
  checkUploadBatch,
  detectUploadFormat,
  safeUploadName,
} from './uploads';

const bytes = (...b: number[]) => new Uint8Array(b);
const ascii = (s: string) => new TextEncoder().encode(s);

describe('detectUploadFormat', () => {
  it('recognises pdf, jpg, gif and png by their first bytes', () => {
    expect(detectUploadFormat(ascii('%PDF-1.7\n%âãÏÓ'))).toBe('pdf');
    expect(detectUploadFormat(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('jpg');
    expect(detectUploadFormat(ascii('GIF89a\x01\x00'))).toBe('gif');
    expect(detectUploadFormat(ascii('GIF87a'))).toBe('gif');
    expect(detectUploadFormat(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('png');
  });

  it('refuses anything else, including truncated signatures and look-alikes', () => {
    expect(detectUploadFormat(ascii('<html>%PDF-'))).toBeNull();
    expect(detectUploadFormat(ascii('%PDF'))).toBeNull();
    expect(detectUploadFormat(bytes(0xff, 0xd8))).toBeNull();
    expect(detectUploadFormat(ascii('GIF90a'))).toBeNull();
    expect(detectUploadFormat(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
    expect(detectUploadFormat(ascii('PK\x03\x04'))).toBeNull();
    expect(detectUploadFormat(new Uint8Array())).toBeNull();
  });

  it('maps each format to its content type', () => {
    expect(UPLOAD_FORMATS).toEqual(['pdf', 'jpg', 'gif', 'png']);
    expect(UPLOAD_CONTENT_TYPES).toEqual({ pdf: 'application/pdf', jpg: 'image/jpeg', gif: 'image/gif', png: 'image/png' });
  });
});

describe('checkUploadBatch', () => {
  const pdf = ascii('%PDF-1.4');
  it('accepts up to 5 files of 10 MB, 20 MB together', () => {
    expect(UPLOAD_MAX_FILES).toBe(5);
    expect(UPLOAD_MAX_FILE_BYTES).toBe(10 * 1024 * 1024);
    expect(UPLOAD_MAX_TOTAL_BYTES).toBe(20 * 1024 * 1024);
    expect(checkUploadBatch([])).toBeNull();
    expect(
      checkUploadBatch([
        { size: UPLOAD_MAX_FILE_BYTES, head: pdf },
        { size: UPLOAD_MAX_FILE_BYTES, head: pdf },
      ]),
    ).toBeNull();
  });

  it('names the first problem: count, empty, size, format, total', () => {
    expect(checkUploadBatch(Array.from({ length: 6 }, () => ({ size: 1 })))).toBe('UPLOAD_TOO_MANY_FILES');
    expect(checkUploadBatch([{ size: 0 }])).toBe('UPLOAD_EMPTY_FILE');
    expect(checkUploadBatch([{ size: UPLOAD_MAX_FILE_BYTES + 1 }])).toBe('UPLOAD_FILE_TOO_LARGE');
    expect(checkUploadBatch([{ size: 10, head: ascii('hello') }])).toBe('UPLOAD_INVALID_FORMAT');
    expect(checkUploadBatch([{ size: UPLOAD_MAX_FILE_BYTES }, { size: UPLOAD_MAX_FILE_BYTES }, { size: 1 }])).toBe('UPLOAD_TOTAL_TOO_LARGE');
  });

  it('has error messages that state the same limits', () => {
    expect(ERRORS.UPLOAD_FILE_TOO_LARGE.message).toContain(`${UPLOAD_MAX_FILE_MB} Mo`);
    expect(ERRORS.UPLOAD_TOTAL_TOO_LARGE.message).toContain(`${UPLOAD_MAX_TOTAL_MB} Mo`);
    expect(ERRORS.UPLOAD_TOO_MANY_FILES.message).toContain(`${UPLOAD_MAX_FILES} fichiers`);
    expect(ERRORS.UPLOAD_INVALID_FORMAT.message).toMatch(/\.pdf, \.jpg, \.gif, \.png/);
  });
});

describe('safeUploadName', () => {
  it('drops folders and unsafe characters and sets the extension of the detected format', () => {
    expect(safeUploadName('C:\\Users\\x\\facture dentiste.PDF', 'pdf')).toBe('facture dentiste.pdf');
    expect(safeUploadName('../../etc/passwd', 'png')).toBe('passwd.png');
    expect(safeUploadName('a"b<c>\u0007.jpg', 'gif')).toBe('abc.gif');
    expect(safeUploadName('', 'jpg')).toBe('document.jpg');
    expect(safeUploadName(`${'x'.repeat(300)}.pdf`, 'pdf')).toHaveLength(104);
  });
});

describe('pdfLooksEncrypted and fileUploadProblem (the browser’s early check)', () => {
  const text = (s: string) => new TextEncoder().encode(s);
  const plain = '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF';
  const locked = '%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R /Encrypt 5 0 R /ID [<a><b>] >>\n%%EOF';
  it('spots the trailer’s /Encrypt reference, not /EncryptMetadata alone', () => {
    expect(pdfLooksEncrypted(text(locked))).toBe(true);
    expect(pdfLooksEncrypted(text(plain))).toBe(false);
    expect(pdfLooksEncrypted(text('%PDF-1.7 << /EncryptMetadata false >>'))).toBe(false);
  });
  it('answers one reason per file', () => {
    expect(fileUploadProblem({ size: 0, bytes: new Uint8Array() })).toBe('UPLOAD_EMPTY_FILE');
    expect(fileUploadProblem({ size: UPLOAD_MAX_FILE_BYTES + 1, bytes: text(plain) })).toBe('UPLOAD_FILE_TOO_LARGE');
    expect(fileUploadProblem({ size: 20, bytes: text('<html>not a pdf</html>') })).toBe('UPLOAD_INVALID_FORMAT');
    expect(fileUploadProblem({ size: locked.length, bytes: text(locked) })).toBe('UPLOAD_ENCRYPTED');
    expect(fileUploadProblem({ size: plain.length, bytes: text(plain) })).toBeNull();
  });
});
