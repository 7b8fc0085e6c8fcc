import { INVOICE_SCAN_FILE_FIELD, ZInvoiceScanResponse } from '@mutua/contracts/invoice-scan';
import { UPLOAD_MAX_FILE_BYTES } from '@mutua/contracts/uploads';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { acceptMultipart } from '../../http/multipart';
import { fieldError } from '../../http/validation';
import { AppError } from '../../lib/app-error';
import { parisDate } from '../../lib/clock';
import { tenantOf } from '../../plugins/tenant';
import { loadHealthCare } from '../healthcare/public';
import type { AppServices } from '../../core/module';
import { takeOcr } from './ocr-pool';
import { scanInvoice } from './scan';

/** Reading a page costs a second of a core: 10 a minute from one address; a read-only staff session is refused. */
const SCAN = { access: 'member-write', rateLimit: { max: 10, timeWindow: 60_000 } } as const;
const FILE_MISSING = 'Prenez en photo ou importez votre facture.';
const ONE_FILE = 'Envoyez une seule facture à la fois.';

/**
 * POST /api/refund-requests/scan (multipart, one file under `file`): the invoice read, to prefill the
 * refund form. Nothing is stored, nor logged of its content. An act the tenant's catalogue lacks is
 * answered null, since the form could not offer it.
 */
export const invoiceScanRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock'>> = async (app, { db, clock }) => {
  await acceptMultipart(app);
  // The app holds the OCR workers while it runs; a page still being read when it closes (a decision
  // job) keeps its worker until the page is done.
  const giveOcrBack = takeOcr();
  app.addHook('onClose', giveOcrBack);

  app.post('/scan', { config: SCAN, schema: { response: { 200: ZInvoiceScanResponse } } }, async (request) => {
    const file = await readOneFile(request);
    const scan = await scanInvoice(file, { today: parisDate(clock.now()) });
    if (scan.actCode) {
      const catalogue = await loadHealthCare(db, tenantOf(request).id);
      if (!catalogue.allActs.some((a) => a.code === scan.actCode)) return { data: { ...scan, actCode: null, confidence: { ...scan.confidence, actCode: 0 } } };
    }
    return { data: scan };
  });
};

/** The one file of the form, whole (at most UPLOAD_MAX_FILE_BYTES); any other part is refused. */
async function readOneFile(request: FastifyRequest): Promise<{ bytes: Buffer; mimeType: string; fileName: string }> {
  let found: { bytes: Buffer; mimeType: string; fileName: string } | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: UPLOAD_MAX_FILE_BYTES, files: 1, fields: 0, parts: 1 } })) {
      if (part.type !== 'file' || part.fieldname !== INVOICE_SCAN_FILE_FIELD) throw fieldError(FILE_MISSING, { [INVOICE_SCAN_FILE_FIELD]: FILE_MISSING });
      const bytes = await part.toBuffer();
      found = { bytes, mimeType: part.mimetype, fileName: part.filename };
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('UPLOAD_FILE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw fieldError(ONE_FILE, { [INVOICE_SCAN_FILE_FIELD]: ONE_FILE });
    if (code === 'FST_FIELDS_LIMIT') throw fieldError(FILE_MISSING, { [INVOICE_SCAN_FILE_FIELD]: FILE_MISSING });
    throw new AppError('VALIDATION_FAILED');
  }
  if (!found) throw fieldError(FILE_MISSING, { [INVOICE_SCAN_FILE_FIELD]: FILE_MISSING });
  if (found.bytes.length === 0) throw new AppError('UPLOAD_EMPTY_FILE');
  return found;
}
