import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** The text pdftotext (poppler) reads in a PDF: laid out as on the page, or in reading order with `layout: false`. */
export function pdfText(pdf: Buffer, opts: { layout?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'mutua-pdf-text-'));
  const file = path.join(dir, 'document.pdf');
  try {
    writeFileSync(file, pdf);
    return execFileSync('pdftotext', [...(opts.layout === false ? [] : ['-layout']), file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
