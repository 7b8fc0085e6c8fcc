import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { createWorker, OEM, PSM, type Worker } from 'tesseract.js';
import { AppError } from '../../lib/app-error';
import type { ReadLine } from './parse';
import type { QuarterTurn } from './image';

/*
 * The OCR: tesseract.js workers (each its own worker thread, WebAssembly Tesseract 5) with the French
 * LSTM model of @tesseract.js-data/fra and the orientation model of @tesseract.js-data/osd, both read
 * from node_modules — nothing is downloaded, nothing cached on disk. One page at a time per worker,
 * one worker per core left to the event loop (INVOICE_OCR_WORKERS overrides), started on first use
 * and kept warm; pages beyond the queue's bound are refused 503 OVERLOADED rather than waiting minutes.
 */

const require = createRequire(import.meta.url);
const dataDir = (pkg: string, flavour: string) => path.join(path.dirname(require.resolve(`${pkg}/package.json`)), flavour);
/** The integer-quantised « best » French model: as accurate as « best » here, 3 times faster to load. */
const FRA_PATH = dataDir('@tesseract.js-data/fra', '4.0.0_best_int');
const OSD_PATH = dataDir('@tesseract.js-data/osd', '4.0.0');

const WORKERS = Math.max(1, Math.min(4, Number(process.env.INVOICE_OCR_WORKERS) || os.availableParallelism() - 1));
/** Pages waiting beyond this (per worker) are refused: each takes seconds. */
const QUEUE_PER_WORKER = 6;

type Slot = { reader: Promise<Worker> | null; orienter: Promise<Worker> | null };

const quiet = { cacheMethod: 'none', gzip: true, logger: () => {}, errorHandler: () => {} } as const;

async function startReader(): Promise<Worker> {
  const worker = await createWorker('fra', OEM.LSTM_ONLY, { ...quiet, langPath: FRA_PATH });
  await worker.setParameters({ tessedit_pageseg_mode: PSM.SINGLE_BLOCK, preserve_interword_spaces: '1', user_defined_dpi: '200' });
  return worker;
}

async function startOrienter(): Promise<Worker> {
  const worker = await createWorker('osd', OEM.TESSERACT_ONLY, { ...quiet, langPath: OSD_PATH, legacyCore: true, legacyLang: true });
  await worker.setParameters({ user_defined_dpi: '200' });
  return worker;
}

/**
 * The workers live while an app uses them: each app takes the pool when it starts and gives it back
 * when it closes. The last one out stops the idle workers; a page still being read (a decision job
 * the app's close is waiting for) keeps its worker until it is done, then stops it — a worker stopped
 * under a page would fail that page.
 */
let users = 0;
const slots: Slot[] = [];
/** Started workers waiting for a page. */
const idle: Slot[] = [];
const waiting: ((slot: Slot) => void)[] = [];

function acquire(): Promise<Slot> {
  const free = idle.pop();
  if (free) return Promise.resolve(free);
  if (slots.length < WORKERS) {
    const slot: Slot = { reader: null, orienter: null };
    slots.push(slot);
    return Promise.resolve(slot);
  }
  if (waiting.length >= WORKERS * QUEUE_PER_WORKER) throw new AppError('OVERLOADED');
  return new Promise((resolve) => waiting.push(resolve));
}

function release(slot: Slot): void {
  const next = waiting.shift();
  if (next) next(slot);
  else if (users === 0) void stopSlot(slot);
  else idle.push(slot);
}

function stopSlot(slot: Slot): Promise<void> {
  slots.splice(slots.indexOf(slot), 1);
  const workers = [slot.reader, slot.orienter];
  slot.reader = slot.orienter = null;
  return Promise.all(workers.map((w) => w?.then((x) => x.terminate()).catch(() => {}))).then(() => {});
}

/** A worker that failed is dropped; the slot starts a fresh one next time. */
async function use<T>(slot: Slot, kind: 'reader' | 'orienter', run: (w: Worker) => Promise<T>): Promise<T> {
  slot[kind] ??= kind === 'reader' ? startReader() : startOrienter();
  const pending = slot[kind];
  try {
    return await run(await pending);
  } catch (error) {
    slot[kind] = null;
    void pending.then((w) => w.terminate()).catch(() => {});
    throw error;
  }
}

export type OcrPage = { lines: ReadLine[]; confidence: number; sideways: boolean };

export type OcrSession = {
  read(png: Buffer): Promise<OcrPage>;
  /** The quarter turn clockwise that sets the page upright, with Tesseract's confidence in it. */
  orientation(png: Buffer): Promise<{ turn: QuarterTurn; confidence: number }>;
};

type Placed = ReadLine & { top: number; bottom: number; left: number; right: number };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

/**
 * Tesseract's lines gathered into the page's rows: a label and its amount printed far apart on one
 * row (« Total : … 30,00 € ») come out as separate blocks; lines of a usual height whose heights
 * overlap by half are one row, read left to right, the gap kept as spaces. A line far taller than
 * the others (a stain, a fold, text running sideways) stays alone.
 */
export function rowsOf(lines: readonly Placed[]): ReadLine[] {
  const kept = lines.filter((l) => l.text);
  const usual = median(kept.map((l) => l.bottom - l.top));
  const rows: { top: number; bottom: number; alone: boolean; parts: Placed[] }[] = [];
  for (const line of [...kept].sort((a, b) => a.top - b.top)) {
    const alone = line.bottom - line.top > 2 * usual;
    const row = alone
      ? undefined
      : rows.find((r) => !r.alone && Math.min(r.bottom, line.bottom) - Math.max(r.top, line.top) >= 0.5 * Math.min(r.bottom - r.top, line.bottom - line.top));
    if (row) {
      row.parts.push(line);
      row.top = Math.min(row.top, line.top);
      row.bottom = Math.max(row.bottom, line.bottom);
    } else rows.push({ top: line.top, bottom: line.bottom, alone, parts: [line] });
  }
  return rows
    .sort((a, b) => a.top - b.top)
    .map((r) => {
      const parts = r.parts.sort((a, b) => a.left - b.left);
      const letters = parts.reduce((n, p) => n + p.text.length, 0);
      return { text: parts.map((p) => p.text).join('    '), confidence: parts.reduce((n, p) => n + p.confidence * p.text.length, 0) / Math.max(1, letters) };
    });
}

/** Whether most lines of some length stand taller than wide: the page was read lying on its side. */
export function readSideways(lines: readonly Placed[]): boolean {
  const long = lines.filter((l) => l.text.length >= 6);
  return long.length > 0 && long.filter((l) => l.bottom - l.top > l.right - l.left).length > long.length / 2;
}

/** Runs `job` with one worker slot to itself (one page at a time per worker). */
export async function withOcr<T>(job: (ocr: OcrSession) => Promise<T>): Promise<T> {
  const slot = await acquire();
  try {
    return await job({
      read: (png) =>
        use(slot, 'reader', async (w) => {
          const { data } = await w.recognize(png, { rotateAuto: true }, { text: false, blocks: true });
          const placed = (data.blocks ?? [])
            .flatMap((b) => b.paragraphs.flatMap((p) => p.lines))
            .map((l) => ({ text: l.text.trim(), confidence: l.confidence / 100, top: l.bbox.y0, bottom: l.bbox.y1, left: l.bbox.x0, right: l.bbox.x1 }));
          return { lines: rowsOf(placed), confidence: data.confidence / 100, sideways: readSideways(placed) };
        }),
      orientation: (png) =>
        use(slot, 'orienter', async (w) => {
          const { data } = await w.detect(png);
          // Tesseract's orientation_degrees is the clockwise turn that sets the page upright.
          const turn = ((((data.orientation_degrees ?? 0) % 360) + 360) % 360) as QuarterTurn;
          return { turn: [0, 90, 180, 270].includes(turn) ? turn : 0, confidence: data.orientation_confidence ?? 0 };
        }),
    });
  } finally {
    release(slot);
  }
}

/** Takes the workers for an app (or a bench); the function returned gives them back, once. */
export function takeOcr(): () => Promise<void> {
  users += 1;
  let given = false;
  return async () => {
    if (given) return;
    given = true;
    users -= 1;
    if (users === 0) await Promise.all(idle.splice(0).map(stopSlot));
  };
}
