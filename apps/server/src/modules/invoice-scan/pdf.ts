import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { AppError } from '../../lib/app-error';
import type { ReadLine } from './parse';

/*
 * A PDF invoice: its text layer when it has one (a PDF the practitioner's software made: exact, no
 * OCR), else its first page drawn as a picture for the OCR (a scan). pdf.js reads it; its fonts and
 * decoders come from the installed package, nothing is fetched.
 */

const PDFJS_ROOT = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
/** Pages read from the text layer (a hospital invoice may run over two). */
const TEXT_PAGES = 2;
/** A text layer with fewer letters than this is a scan with a stray word: drawn and read instead. */
const TEXT_LAYER_MIN_LETTERS = 40;
/** The drawn page's width in pixels (≈ 200 dpi for A4): the OCR's sweet spot. */
const RENDER_WIDTH = 1650;

type PdfDocument = Awaited<ReturnType<typeof import('pdfjs-dist/legacy/build/pdf.mjs').getDocument>['promise']>;

async function openPdf(bytes: Buffer): Promise<PdfDocument> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: `${PDFJS_ROOT}/standard_fonts/`,
    cMapUrl: `${PDFJS_ROOT}/cmaps/`,
    cMapPacked: true,
    wasmUrl: `${PDFJS_ROOT}/wasm/`,
    iccUrl: `${PDFJS_ROOT}/iccs/`,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (error) {
    if ((error as { name?: string }).name === 'PasswordException') throw new AppError('UPLOAD_ENCRYPTED');
    throw new AppError('INVOICE_SCAN_UNREADABLE');
  }
}

type TextItem = { str: string; transform: number[]; width: number; height: number };

/** The page's text items gathered into lines: same baseline (within half a glyph), left to right. */
function linesOf(items: readonly TextItem[]): string[] {
  const rows: { y: number; size: number; items: TextItem[] }[] = [];
  for (const item of items) {
    if (!item.str.trim()) continue;
    const y = item.transform[5]!;
    const size = Math.abs(item.transform[3] ?? item.height) || 10;
    const row = rows.find((r) => Math.abs(r.y - y) <= Math.max(r.size, size) / 2);
    if (row) row.items.push(item);
    else rows.push({ y, size, items: [item] });
  }
  return rows
    .sort((a, b) => b.y - a.y)
    .map((row) => {
      const sorted = row.items.sort((a, b) => a.transform[4]! - b.transform[4]!);
      let line = '';
      let end = -Infinity;
      for (const item of sorted) {
        const x = item.transform[4]!;
        // A wide gap between two items is a column break: keep it visible as several spaces.
        line += line === '' ? '' : x - end > row.size * 1.5 ? '    ' : x - end > row.size * 0.15 && !/\s$/.test(line) ? ' ' : '';
        line += item.str;
        end = x + item.width;
      }
      return line.replace(/\s+$/, '');
    });
}

export type PdfRead = { kind: 'text'; lines: ReadLine[] } | { kind: 'image'; png: Buffer };

/** The PDF's text lines, or its first page as a PNG when it has no text layer worth reading. */
export async function readPdf(bytes: Buffer): Promise<PdfRead> {
  const doc = await openPdf(bytes);
  try {
    const lines: string[] = [];
    for (let n = 1; n <= Math.min(TEXT_PAGES, doc.numPages); n++) {
      const page = await doc.getPage(n);
      const content = await page.getTextContent();
      lines.push(...linesOf(content.items.flatMap((i) => ('str' in i ? [i as TextItem] : []))));
    }
    const letters = lines.join('').match(/\p{L}/gu)?.length ?? 0;
    if (letters >= TEXT_LAYER_MIN_LETTERS) return { kind: 'text', lines: lines.map((text) => ({ text, confidence: 1 })) };
    const page = await doc.getPage(1);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: RENDER_WIDTH / base.width });
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height));
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#fff';
    ctx.fillRect(0, 0, canvas.width, canvas.height);
    // pdf.js draws on @napi-rs/canvas in Node (its NodeCanvasFactory); its types name the DOM's canvas.
    type RenderParameters = Parameters<typeof page.render>[0];
    await page.render({ canvas: canvas as unknown as RenderParameters['canvas'], canvasContext: ctx as unknown as RenderParameters['canvasContext'], viewport })
      .promise;
    return { kind: 'image', png: await canvas.encode('png') };
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('INVOICE_SCAN_UNREADABLE');
  } finally {
    await doc.destroy();
  }
}
