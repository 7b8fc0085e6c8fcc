import { deflateSync, crc32 } from 'node:zlib';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';

/*
 * Small real files made on the fly: the demo data's step documents and the tests' attachments. They
 * open in any viewer and carry their text (pdftotext reads it).
 */

/** A one-page A4 PDF with a title and a few lines of text. */
export async function makeTextPdf(title: string, lines: readonly string[], opts: { brand?: string } = {}): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('Mutua');
  pdf.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  pdf.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  const page = pdf.addPage([595.28, 841.89]);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  let y = 790;
  if (opts.brand) {
    page.drawText(opts.brand, { x: 50, y, size: 12, font: bold, color: rgb(0.11, 0.31, 0.85) });
    y -= 30;
  }
  page.drawText(title, { x: 50, y, size: 18, font: bold });
  y -= 30;
  for (const line of lines) {
    page.drawText(line, { x: 50, y, size: 11, font: regular });
    y -= 18;
  }
  return Buffer.from(await pdf.save());
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** An RGB PNG drawn pixel by pixel (8-bit, no interlace). */
export function makePng(width: number, height: number, pixel: (x: number, y: number) => [number, number, number]): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0;
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[row + 1 + x * 3] = r;
      raw[row + 2 + x * 3] = g;
      raw[row + 3 + x * 3] = b;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A small card-like PNG: a coloured band over white. */
export function makeCardPng(color: [number, number, number] = [28, 79, 216]): Buffer {
  return makePng(120, 76, (_x, y) => (y < 24 ? color : [255, 255, 255]));
}
