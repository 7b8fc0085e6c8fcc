import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { makeCardPng, makeTextPdf } from '../../src/modules/documents/sample-files';
import type { TestClient } from './test-app';

/** Test files of the requests area: real PDFs and images, an encrypted PDF, and impostors. */
export const samplePdf = (title = 'Facture', lines: string[] = ['Montant\u00a0: 42,00\u00a0€']) => makeTextPdf(title, lines);
export const samplePng = () => makeCardPng();
/** A minimal valid GIF (1×1) and JPEG header, enough for the content check. */
export const sampleGif = () => Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
export const sampleJpeg = () =>
  Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0'), Buffer.from([0xff, 0xd9])]);
/** A text file that claims to be a PDF by its name. */
export const fakePdf = () => Buffer.from('Ceci n’est pas un PDF.\n');
/** An HTML page with a PDF signature later in the file: still not a PDF. */
export const htmlWithPdfInside = () => Buffer.from('<html><body>%PDF-1.7</body></html>');

/** A password-protected PDF (AES-256, via qpdf), or null when qpdf is not installed. */
export async function encryptedPdf(): Promise<Buffer | null> {
  try {
    execFileSync('qpdf', ['--version'], { stdio: 'ignore' });
  } catch {
    return null;
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'enc-pdf-'));
  const plain = path.join(dir, 'plain.pdf');
  const locked = path.join(dir, 'locked.pdf');
  writeFileSync(plain, await samplePdf('Secret'));
  execFileSync('qpdf', ['--encrypt', 'user-pass', 'owner-pass', '256', '--', plain, locked]);
  return readFileSync(locked);
}

export type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer; contentType?: string };

/** A multipart/form-data body as a browser sends it. */
export function multipart(parts: Part[]): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----mutua${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in part) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${part.name}"; filename="${part.filename}"\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}\r\n\r\n`,
        ),
      );
      chunks.push(part.content, Buffer.from('\r\n'));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`));
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Text fields of a form, in the order given. */
export const fields = (values: Record<string, string>): Part[] => Object.entries(values).map(([name, value]) => ({ name, value }));

/** A browser posting a form with files (extra headers: an idempotency key, an origin…). */
export function postMultipart(client: TestClient, url: string, parts: Part[], headers: Record<string, string> = {}) {
  const body = multipart(parts);
  return client.post(url, body.payload, { headers: { ...body.headers, ...headers } });
}
