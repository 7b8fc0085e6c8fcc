import { dataEnvelope } from '@mutua/contracts/api';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { parisDate } from '../../../lib/clock';
import type { AppServices } from '../../../core/module';
import { beginImport, finishImport, importBatch } from './import';

const ZSha = z.string().regex(/^[0-9a-f]{64}$/);
const ZDay = z.iso.date();
const ZText = (max: number) => z.string().max(max);
const ZRecord = z.object({
  finess: z.string().regex(/^(\d{2}|2[AB])\d{7}$/),
  legalEntityFiness: z
    .string()
    .regex(/^(\d{2}|2[AB])\d{7}$/)
    .nullable(),
  shortName: ZText(200).min(1),
  name: ZText(300).min(1),
  city: ZText(120).min(1),
  postalCode: z.string().regex(/^\d{5}$/),
  categoryCode: ZText(10).nullable(),
  categoryLabel: ZText(200).nullable(),
  categoryGroupCode: ZText(10).nullable(),
  categoryGroupLabel: ZText(200).nullable(),
  careRank: z.number().int().min(0).max(2),
  fictitious: z.boolean(),
  updatedOn: ZDay.nullable(),
  searchText: ZText(1200),
});
const ZState = z.object({
  importId: z.uuid(),
  extractVersion: z.string(),
  extractDate: z.string(),
  totalLines: z.number().int(),
  linesDone: z.number().int(),
  establishments: z.number().int(),
  skipped: z.number().int(),
  closed: z.number().int().nullable(),
  finished: z.boolean(),
});
const params = z.object({ importId: z.uuid() });

/**
 * The operator API behind `npm run establishments -- import <file>` while a server runs (the embedded
 * database has one owner): the command reads the extract and sends its lines' rows batch by batch.
 * POST /api/ops/establishments/imports → the import of this file (new, or where it stopped);
 * POST …/{id}/batches → lines [fromLine, toLine) written; POST …/{id}/finish → absent sites closed.
 */
export const establishmentImportRoutes: FastifyPluginAsyncZod<Pick<AppServices, 'db' | 'clock'>> = async (app, { db, clock }) => {
  const config = { access: 'operator', tenant: 'none', csrf: false } as const;
  const response = { 200: dataEnvelope(ZState) };
  app.post(
    '/imports',
    {
      config,
      schema: { body: z.object({ fileSha256: ZSha, extractVersion: ZText(20).min(1), extractDate: ZDay, totalLines: z.number().int().min(0) }), response },
    },
    async (request) => ({ data: await beginImport(db, request.body) }),
  );
  app.post(
    '/imports/:importId/batches',
    {
      config,
      bodyLimit: 4 * 1_048_576,
      schema: {
        params,
        body: z.object({
          fromLine: z.number().int().min(0),
          toLine: z.number().int().min(1),
          skipped: z.number().int().min(0),
          records: z.array(ZRecord).max(5_000),
        }),
        response,
      },
    },
    async (request) => {
      const { fromLine, toLine, records, skipped } = request.body;
      return { data: await importBatch(db, request.params.importId, fromLine, toLine, records, skipped) };
    },
  );
  app.post('/imports/:importId/finish', { config, schema: { params, response } }, async (request) => ({
    data: await finishImport(db, request.params.importId, parisDate(clock.now())),
  }));
};
