import type { TInvoiceScan } from '@mutua/contracts/invoice-scan';
import { detectUploadFormat } from '@mutua/contracts/uploads';
import { PDFDocument } from 'pdf-lib';
import { AppError } from '../../lib/app-error';
import { parisDate } from '../../lib/clock';
import { decodeImage, prepareForReading, type QuarterTurn } from './image';
import { withOcr, type OcrSession } from './ocr-pool';
import { parseInvoice, type ParsedInvoice, type ReadLine } from './parse';
import { readPdf } from './pdf';

/** A file to read: its bytes (the type is taken from them, never from mimeType or fileName). */
export type InvoiceFile = { bytes: Buffer; mimeType: string; fileName: string };

/** Fewer letters read than this: nothing could be read (blur, darkness, a blank page). */
const MIN_LETTERS = 12;
/** A first reading below this mean confidence, or with neither date nor amount, asks the page's orientation. */
const UPRIGHT_CONFIDENCE = 0.6;
/** Tesseract's orientation confidence under which a quarter turn is not trusted. */
const ORIENTATION_CONFIDENCE = 1.5;

/**
 * Reads a care invoice (photo or PDF): care date, amount, practitioner and act, each with its
 * confidence. Nothing is stored. Throws AppError INVOICE_SCAN_FORMAT (not a JPEG, PNG or PDF, by its
 * bytes), UPLOAD_ENCRYPTED (a password-protected PDF), INVOICE_SCAN_UNREADABLE (nothing could be read)
 * or INVOICE_SCAN_NOT_INVOICE (text, but nothing of an invoice), OVERLOADED when too many pages wait.
 */
export async function scanInvoice(file: InvoiceFile, options: { today?: string } = {}): Promise<TInvoiceScan> {
  const today = options.today ?? parisDate(new Date());
  const format = detectUploadFormat(file.bytes);
  if (format !== 'pdf' && format !== 'jpg' && format !== 'png') throw new AppError('INVOICE_SCAN_FORMAT');
  let parsed: ParsedInvoice;
  if (format === 'pdf') {
    await refuseEncrypted(file.bytes);
    const pdf = await readPdf(file.bytes);
    parsed = pdf.kind === 'text' ? parseInvoice(pdf.lines, today) : await withOcr((ocr) => readPicture(ocr, pdf.png, 0, today));
  } else {
    parsed = await withOcr((ocr) => readPicture(ocr, file.bytes, 0, today));
  }
  return answer(parsed);
}

/**
 * OCR of a picture: read it as the camera says it stands; when that reading is poor, ask Tesseract
 * which way is up and read it again turned, keeping the better of the two readings.
 */
async function readPicture(ocr: OcrSession, bytes: Buffer, turn: QuarterTurn, today: string): Promise<ParsedInvoice> {
  let image;
  try {
    image = await decodeImage(bytes);
  } catch {
    throw new AppError('INVOICE_SCAN_UNREADABLE');
  }
  const png = await prepareForReading(image, turn);
  const first = await ocr.read(png);
  const parsed = parseInvoice(first.lines, today);
  if (!first.sideways && first.confidence >= UPRIGHT_CONFIDENCE && parsed.amount && parsed.careDate) return parsed;
  const orientation = await ocr.orientation(png).catch(() => ({ turn: 0 as QuarterTurn, confidence: 0 }));
  if (orientation.turn === 0 || orientation.confidence < ORIENTATION_CONFIDENCE) return parsed;
  const second = await ocr.read(await prepareForReading(image, ((turn + orientation.turn) % 360) as QuarterTurn));
  const turned = parseInvoice(second.lines, today);
  return score(turned) > score(parsed) ? turned : parsed;
}

const score = (p: ParsedInvoice) => (p.amount ? 2 : 0) + (p.careDate ? 2 : 0) + p.invoiceWords + p.letters / 1000;

function answer(parsed: ParsedInvoice): TInvoiceScan {
  if (parsed.letters < MIN_LETTERS) throw new AppError('INVOICE_SCAN_UNREADABLE');
  const found = [parsed.amount, parsed.careDate, parsed.act, parsed.practitioner.value.name].filter(Boolean).length;
  // Words of an invoice with neither amount nor date: an invoice badly read, not something else.
  if (parsed.invoiceWords < 2 && found < 2) throw new AppError('INVOICE_SCAN_NOT_INVOICE');
  if (!parsed.amount && !parsed.careDate && parsed.invoiceWords < 3) throw new AppError('INVOICE_SCAN_NOT_INVOICE');
  return {
    careDate: parsed.careDate?.value ?? null,
    amountCents: parsed.amount?.value ?? null,
    practitioner: parsed.practitioner.value,
    actCode: parsed.act?.value ?? null,
    confidence: {
      careDate: parsed.careDate?.confidence ?? 0,
      amountCents: parsed.amount?.confidence ?? 0,
      practitioner: parsed.practitioner.confidence,
      actCode: parsed.act?.confidence ?? 0,
    },
  };
}

async function refuseEncrypted(bytes: Buffer): Promise<void> {
  let encrypted: boolean;
  try {
    encrypted = (await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false })).isEncrypted;
  } catch {
    throw new AppError('INVOICE_SCAN_UNREADABLE');
  }
  if (encrypted) throw new AppError('UPLOAD_ENCRYPTED');
}

export type { ReadLine };
