import multipart from '@fastify/multipart';
import { MESSAGE_ERRORS } from '@mutua/contracts/requests';
import { UPLOAD_MAX_FILES, UPLOAD_MAX_FILE_BYTES, UPLOAD_MAX_TOTAL_BYTES } from '@mutua/contracts/uploads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { AppError } from '../lib/app-error';
import { inspectUpload, type InspectedUpload } from './upload-check';
import { parseOr400 } from './validation';

/** Longest text field accepted in a multipart form (the message body is 4,000 characters, up to 4 bytes each). */
const FIELD_MAX_BYTES = 16_384;

/** A checked file of a form, with the form field it came under (a form may ask several documents). */
export type FormFile = InspectedUpload & { field: string };

/** Lets a routes plugin read multipart forms (limits are passed per call by readForm). */
export async function acceptMultipart(app: FastifyInstance): Promise<void> {
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(multipart);
}

/**
 * Reads a multipart form: text fields parsed with the contract schema (French 400, control characters
 * refused), and files checked by content (format by magic bytes, PDF not encrypted), at most
 * UPLOAD_MAX_FILES of UPLOAD_MAX_FILE_BYTES each and UPLOAD_MAX_TOTAL_BYTES together.
 */
export async function readForm<T extends z.ZodType>(
  request: FastifyRequest,
  schema: T,
  opts: { maxFields?: number } = {},
): Promise<{ fields: z.infer<T>; files: FormFile[] }> {
  const maxFields = opts.maxFields ?? 10;
  const fields: Record<string, string> = {};
  const raw: { field: string; filename: string; content: Buffer }[] = [];
  let total = 0;
  try {
    const parts = request.parts({
      limits: { fileSize: UPLOAD_MAX_FILE_BYTES, files: UPLOAD_MAX_FILES, fields: maxFields, fieldSize: FIELD_MAX_BYTES, parts: UPLOAD_MAX_FILES + maxFields },
    });
    for await (const part of parts) {
      if (part.type === 'file') {
        const content = await part.toBuffer();
        // A file input left empty sends a part without name or bytes: nothing was attached.
        if (!part.filename && content.length === 0) continue;
        total += content.length;
        if (total > UPLOAD_MAX_TOTAL_BYTES) throw new AppError('UPLOAD_TOTAL_TOO_LARGE');
        raw.push({ field: part.fieldname, filename: part.filename, content });
      } else {
        if (part.valueTruncated) throw new AppError('VALIDATION_FAILED', MESSAGE_ERRORS.bodyMax);
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('UPLOAD_FILE_TOO_LARGE');
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') throw new AppError('UPLOAD_TOO_MANY_FILES');
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE' || code === 'FST_FIELDS_LIMIT' || code === 'FST_PROTO_VIOLATION' || code === 'FST_MP_PREMATURE_CLOSE') {
      throw new AppError('VALIDATION_FAILED');
    }
    throw error;
  }
  const files: FormFile[] = [];
  for (const file of raw) files.push({ ...(await inspectUpload(file.content, file.filename)), field: file.field });
  return { fields: parseOr400(schema, fields), files };
}
