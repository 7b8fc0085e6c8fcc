import { createRequire } from 'node:module';
import { createCanvas, GlobalFonts, type Canvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts, rgb } from 'pdf-lib';
import type { Ink, InvoiceSpec } from './specs';

/*
 * Draws an invoice spec as a PDF (pdf-lib, a text layer like practitioners' software makes), as a
 * scanned PDF (a picture of the page, no text), or as a phone photo: the page on a table, tilted,
 * turned, blurred, under a shadow, with the amount written by hand, saved as a JPEG.
 */

const A4 = { w: 210, h: 297 };
const MM = 72 / 25.4;
const require = createRequire(import.meta.url);
let fontsReady = false;

/** DejaVu Sans for print and Caveat for handwriting, from npm packages (no system font needed). */
function registerFonts(): void {
  if (fontsReady) return;
  GlobalFonts.registerFromPath(require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff2'), 'Invoice Sans');
  GlobalFonts.registerFromPath(require.resolve('@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff2'), 'Invoice Sans Bold');
  GlobalFonts.registerFromPath(require.resolve('@fontsource/caveat/files/caveat-latin-500-normal.woff2'), 'Invoice Hand');
  fontsReady = true;
}

export async function invoicePdf(spec: InvoiceSpec): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([A4.w * MM, A4.h * MM]);
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const hand = await doc.embedFont(StandardFonts.HelveticaOblique);
  for (const ink of spec.ink) {
    const font = ink.hand ? hand : ink.bold ? bold : regular;
    const width = font.widthOfTextAtSize(ink.text, ink.size);
    const x = ink.x * MM - (ink.align === 'right' ? width : ink.align === 'center' ? width / 2 : 0);
    page.drawText(ink.text, { x, y: (A4.h - ink.y) * MM, size: ink.size, font, color: ink.hand ? rgb(0.1, 0.15, 0.45) : rgb(0.1, 0.1, 0.1) });
  }
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  return Buffer.from(await doc.save());
}

/** The page alone, white, at `pxPerMm` (6 ≈ 150 dpi). */
export function pageCanvas(spec: InvoiceSpec, pxPerMm = 6): Canvas {
  registerFonts();
  const canvas = createCanvas(Math.round(A4.w * pxPerMm), Math.round(A4.h * pxPerMm));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fdfdfb';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  const ptToPx = (pt: number) => (pt / 72) * 25.4 * pxPerMm;
  for (const ink of spec.ink) draw(ctx, ink, pxPerMm, ptToPx);
  return canvas;
}

function draw(ctx: ReturnType<Canvas['getContext']>, ink: Ink, pxPerMm: number, ptToPx: (pt: number) => number): void {
  ctx.font = `${ptToPx(ink.size).toFixed(1)}px "${ink.hand ? 'Invoice Hand' : ink.bold ? 'Invoice Sans Bold' : 'Invoice Sans'}"`;
  ctx.fillStyle = ink.hand ? '#1c2a6e' : '#161616';
  ctx.textAlign = ink.align ?? 'left';
  ctx.textBaseline = 'alphabetic';
  ctx.fillText(ink.text, ink.x * pxPerMm, ink.y * pxPerMm);
}

/** A scanned invoice: the page as a JPEG inside a PDF, no text layer. */
export async function scannedPdf(spec: InvoiceSpec): Promise<Buffer> {
  const jpeg = await pageCanvas(spec, 8).encode('jpeg', 80);
  const doc = await PDFDocument.create();
  const page = doc.addPage([A4.w * MM, A4.h * MM]);
  const image = await doc.embedJpg(jpeg);
  page.drawImage(image, { x: 0, y: 0, width: A4.w * MM, height: A4.h * MM });
  doc.setCreationDate(new Date('2026-01-01T00:00:00Z'));
  doc.setModificationDate(new Date('2026-01-01T00:00:00Z'));
  return Buffer.from(await doc.save());
}

export type PhotoLook = {
  /** The paper's tilt on the table, degrees. */
  tilt: number;
  /** The whole picture turned clockwise (the phone held sideways or upside down). */
  turn: 0 | 90 | 180 | 270;
  /** Store the turn as an EXIF Orientation tag instead of turning the pixels back (as phones do). */
  exif?: boolean;
  blur: number;
  /** 0–1: how dark the shadow across the page gets. */
  shadow: number;
  /** 0–1: overall light (1 daylight, 0.6 a dim room). */
  light: number;
  quality: number;
  /** A deterministic seed for the speckles and the table's grain. */
  seed: number;
};

function random(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return (s >>> 0) / 4294967296;
  };
}

/** The invoice photographed: 1536 × 2048 like a phone picture scaled down, JPEG. */
export async function invoicePhoto(spec: InvoiceSpec, look: PhotoLook): Promise<Buffer> {
  const page = pageCanvas(spec, 6.5);
  const rand = random(look.seed);
  const W = 1536;
  const H = 2048;
  const shot = createCanvas(W, H);
  const ctx = shot.getContext('2d');
  // The table: a warm wood-like tone with a little grain.
  const table = ctx.createLinearGradient(0, 0, W, H);
  table.addColorStop(0, '#8a6a4a');
  table.addColorStop(1, '#6d523a');
  ctx.fillStyle = table;
  ctx.fillRect(0, 0, W, H);
  for (let i = 0; i < 400; i++) {
    ctx.fillStyle = `rgba(40,25,10,${(rand() * 0.15).toFixed(3)})`;
    ctx.fillRect(rand() * W, rand() * H, 2 + rand() * 60, 1 + rand() * 3);
  }
  // The paper, tilted, filling about 88 % of the frame's height.
  const scale = (H * 0.88) / page.height;
  ctx.save();
  ctx.translate(W / 2 + (rand() - 0.5) * 40, H / 2 + (rand() - 0.5) * 40);
  ctx.rotate((look.tilt * Math.PI) / 180);
  ctx.shadowColor = 'rgba(0,0,0,0.35)';
  ctx.shadowBlur = 18;
  if (look.blur > 0) ctx.filter = `blur(${look.blur}px)`;
  ctx.drawImage(page, (-page.width * scale) / 2, (-page.height * scale) / 2, page.width * scale, page.height * scale);
  ctx.restore();
  // A shadow across one side of the page (a hand, the phone), and the room's light.
  const side = rand() < 0.5;
  const shade = ctx.createLinearGradient(side ? 0 : W, 0, side ? W : 0, H * 0.4);
  shade.addColorStop(0, `rgba(0,0,0,${look.shadow.toFixed(2)})`);
  shade.addColorStop(0.55, `rgba(0,0,0,${(look.shadow * 0.35).toFixed(2)})`);
  shade.addColorStop(1, 'rgba(0,0,0,0)');
  ctx.fillStyle = shade;
  ctx.fillRect(0, 0, W, H);
  if (look.light < 1) {
    ctx.fillStyle = `rgba(20,15,10,${(1 - look.light).toFixed(2)})`;
    ctx.fillRect(0, 0, W, H);
  }
  const turned = turnCanvas(shot, look.turn);
  const jpeg = await turned.encode('jpeg', look.quality);
  return look.exif && look.turn !== 0 ? withExifOrientation(jpeg, look.turn) : jpeg;
}

function turnCanvas(source: Canvas, turn: PhotoLook['turn']): Canvas {
  if (turn === 0) return source;
  const sideways = turn === 90 || turn === 270;
  const out = createCanvas(sideways ? source.height : source.width, sideways ? source.width : source.height);
  const ctx = out.getContext('2d');
  ctx.translate(out.width / 2, out.height / 2);
  ctx.rotate((turn * Math.PI) / 180);
  ctx.drawImage(source, -source.width / 2, -source.height / 2);
  return out;
}

/**
 * A JPEG whose pixels were turned by `turn` clockwise, tagged so that a viewer turns them back: the
 * tag that undoes a clockwise turn of 90 is 8 (« rotate 270 to view »), of 180 is 3, of 270 is 6.
 */
function withExifOrientation(jpeg: Buffer, turn: 90 | 180 | 270): Buffer {
  const orientation = turn === 90 ? 8 : turn === 180 ? 3 : 6;
  const tiff = Buffer.alloc(26);
  tiff.write('MM', 0, 'latin1');
  tiff.writeUInt16BE(42, 2);
  tiff.writeUInt32BE(8, 4);
  tiff.writeUInt16BE(1, 8);
  tiff.writeUInt16BE(0x0112, 10);
  tiff.writeUInt16BE(3, 12);
  tiff.writeUInt32BE(1, 14);
  tiff.writeUInt16BE(orientation, 18);
  tiff.writeUInt32BE(0, 22);
  const payload = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), header, payload, jpeg.subarray(2)]);
}
