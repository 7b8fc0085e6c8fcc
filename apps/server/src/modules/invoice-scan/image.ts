import { createCanvas, loadImage, type Canvas, type Image } from '@napi-rs/canvas';

/*
 * A photo made ready for the OCR: turned upright (the quarter turn the orientation check found), scaled to a size the reader handles well, grey, and with the page's
 * uneven light (a hand's shadow, a lamp) divided out so that the text stands on an even white.
 */

export type QuarterTurn = 0 | 90 | 180 | 270;

/** The longest side the reader gets: enough for 8-point print on a phone photo, bounded time. */
const LONGEST_SIDE = 2000;
/** Smaller pictures are enlarged to this, since the reader misses text under ~20 px high. */
const SMALLEST_LONG_SIDE = 1400;

/** Decodes a JPEG or PNG; the decoder applies a JPEG's EXIF orientation, so a phone's sideways picture comes upright. */
export async function decodeImage(bytes: Buffer): Promise<Image> {
  return loadImage(bytes);
}

/** The image turned clockwise by `turn`, scaled, grey and evenly lit, as PNG for the reader. */
export async function prepareForReading(image: Image, turn: QuarterTurn, longest = LONGEST_SIDE): Promise<Buffer> {
  const long = Math.max(image.width, image.height);
  const scale = long > longest ? longest / long : long < SMALLEST_LONG_SIDE ? SMALLEST_LONG_SIDE / long : 1;
  const w = Math.max(1, Math.round(image.width * scale));
  const h = Math.max(1, Math.round(image.height * scale));
  const sideways = turn === 90 || turn === 270;
  const canvas = createCanvas(sideways ? h : w, sideways ? w : h);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate((turn * Math.PI) / 180);
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(image, -w / 2, -h / 2, w, h);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  await evenLight(canvas);
  return canvas.encode('png');
}

/** Rows of pixels worked through before the event loop gets its turn (a few milliseconds). */
const ROWS_PER_TURN = 128;
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The side of the square whose brightest pixel gives the paper's light there. */
const LIGHT_CELL = 16;

/**
 * Divides each pixel by the paper's light around it: the brightest pixel of each 16-pixel cell (text
 * strokes are thinner than a cell, so the paper shows through), smoothed over the neighbouring cells
 * and interpolated back. Grey levels out: paper becomes white whatever the shadow, ink stays dark.
 * The pixel loops give the event loop its turn every ROWS_PER_TURN rows: a photo is ~0.3 s of work.
 */
async function evenLight(canvas: Canvas): Promise<void> {
  const { width, height } = canvas;
  const ctx = canvas.getContext('2d');
  const page = ctx.getImageData(0, 0, width, height);
  const px = page.data;
  const grey = new Float32Array(width * height);
  for (let i = 0, p = 0; p < grey.length; i += 4, p++) grey[p] = 0.299 * px[i]! + 0.587 * px[i + 1]! + 0.114 * px[i + 2]!;
  const gw = Math.ceil(width / LIGHT_CELL);
  const gh = Math.ceil(height / LIGHT_CELL);
  let light = new Float32Array(gw * gh);
  for (let y = 0; y < height; y++) {
    if (y % ROWS_PER_TURN === 0) await turn();
    const row = Math.floor(y / LIGHT_CELL) * gw;
    for (let x = 0; x < width; x++) {
      const cell = row + Math.floor(x / LIGHT_CELL);
      const v = grey[y * width + x]!;
      if (v > light[cell]!) light[cell] = v;
    }
  }
  for (let pass = 0; pass < 2; pass++) {
    const next = new Float32Array(light.length);
    for (let y = 0; y < gh; y++) {
      for (let x = 0; x < gw; x++) {
        let sum = 0;
        let n = 0;
        for (let dy = -1; dy <= 1; dy++) {
          for (let dx = -1; dx <= 1; dx++) {
            const yy = y + dy;
            const xx = x + dx;
            if (yy < 0 || yy >= gh || xx < 0 || xx >= gw) continue;
            sum += light[yy * gw + xx]!;
            n++;
          }
        }
        next[y * gw + x] = sum / n;
      }
    }
    light = next;
  }
  for (let y = 0; y < height; y++) {
    if (y % ROWS_PER_TURN === 0) await turn();
    const gy = Math.min(gh - 1, Math.max(0, (y + 0.5) / LIGHT_CELL - 0.5));
    const y0 = Math.floor(gy);
    const y1 = Math.min(gh - 1, y0 + 1);
    const fy = gy - y0;
    for (let x = 0; x < width; x++) {
      const gx = Math.min(gw - 1, Math.max(0, (x + 0.5) / LIGHT_CELL - 0.5));
      const x0 = Math.floor(gx);
      const x1 = Math.min(gw - 1, x0 + 1);
      const fx = gx - x0;
      const top = light[y0 * gw + x0]! * (1 - fx) + light[y0 * gw + x1]! * fx;
      const bottom = light[y1 * gw + x0]! * (1 - fx) + light[y1 * gw + x1]! * fx;
      const paper = Math.max(40, top * (1 - fy) + bottom * fy);
      const p = y * width + x;
      const v = Math.min(255, (grey[p]! / paper) * 255);
      const i = p * 4;
      px[i] = px[i + 1] = px[i + 2] = v;
      px[i + 3] = 255;
    }
  }
  ctx.putImageData(page, 0, 0);
}
