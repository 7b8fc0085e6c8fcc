import { createHash } from 'node:crypto';
import { and, eq, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { establishmentImports, establishments } from '../../../db/schema';
import { AppError } from '../../../lib/app-error';
import { decodeExtract, extractLines, readHeader, readLines, type EstablishmentRecord } from './extract';

/*
 * Importing a FINESS extract: begin (one row per file, found again by its SHA-256), batches of lines
 * (each one transaction: its rows upserted by FINESS number and the import's lines_done moved from the
 * batch's first line to its last, only if it still stood at the first), finish (the sites the extract no
 * longer lists are closed). Running the same file again resumes an interrupted import, or does nothing
 * once it finished: the import is idempotent and resumable.
 */

export type ImportState = {
  importId: string;
  extractVersion: string;
  extractDate: string;
  totalLines: number;
  linesDone: number;
  establishments: number;
  skipped: number;
  closed: number | null;
  finished: boolean;
};
export type ImportBegin = { fileSha256: string; extractVersion: string; extractDate: string; totalLines: number };

/** Where the batches go: the database itself, or a running server's operator API (cli/establishments.ts). */
export type ImportSink = {
  begin(input: ImportBegin): Promise<ImportState>;
  batch(importId: string, fromLine: number, toLine: number, records: EstablishmentRecord[], skipped: number): Promise<ImportState>;
  finish(importId: string): Promise<ImportState>;
};

const stateOf = (row: typeof establishmentImports.$inferSelect): ImportState => ({
  importId: row.id,
  extractVersion: row.extractVersion,
  extractDate: row.extractDate,
  totalLines: row.totalLines,
  linesDone: row.linesDone,
  establishments: row.establishments,
  skipped: row.skipped,
  closed: row.closed,
  finished: row.finishedAt !== null,
});

export async function beginImport(db: Db, input: ImportBegin): Promise<ImportState> {
  await db.insert(establishmentImports).values(input).onConflictDoNothing({ target: establishmentImports.fileSha256 });
  const [row] = await db.select().from(establishmentImports).where(eq(establishmentImports.fileSha256, input.fileSha256));
  if (!row || row.totalLines !== input.totalLines)
    throw new AppError('ESTABLISHMENT_EXTRACT_INVALID', 'Ce fichier a déjà été importé avec un autre nombre de lignes.');
  return stateOf(row);
}

async function importRow(db: Db, importId: string) {
  const [row] = await db.select().from(establishmentImports).where(eq(establishmentImports.id, importId));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Lines [fromLine, toLine) of the extract's data lines: their rows, in one transaction with the progress. */
export async function importBatch(
  db: Db,
  importId: string,
  fromLine: number,
  toLine: number,
  records: EstablishmentRecord[],
  skipped: number,
): Promise<ImportState> {
  return db.transaction(async (tx) => {
    const [moved] = await tx
      .update(establishmentImports)
      .set({
        linesDone: toLine,
        establishments: sql`${establishmentImports.establishments} + ${records.length}`,
        skipped: sql`${establishmentImports.skipped} + ${skipped}`,
      })
      .where(
        and(
          eq(establishmentImports.id, importId),
          eq(establishmentImports.linesDone, fromLine),
          isNull(establishmentImports.finishedAt),
          sql`${toLine} <= ${establishmentImports.totalLines}`,
        ),
      )
      .returning();
    // Another run already took these lines (or the import finished): nothing written twice.
    if (!moved) throw new AppError('ESTABLISHMENT_IMPORT_CONFLICT');
    if (records.length) {
      const excluded = (column: string) => sql.raw(`excluded.${column}`);
      await tx
        .insert(establishments)
        .values(records.map((r) => ({ ...r, importId, closedOn: null })))
        .onConflictDoUpdate({
          target: establishments.finess,
          set: {
            name: excluded('name'),
            shortName: excluded('short_name'),
            legalEntityFiness: excluded('legal_entity_finess'),
            city: excluded('city'),
            postalCode: excluded('postal_code'),
            searchText: excluded('search_text'),
            categoryCode: excluded('category_code'),
            categoryLabel: excluded('category_label'),
            categoryGroupCode: excluded('category_group_code'),
            categoryGroupLabel: excluded('category_group_label'),
            careRank: excluded('care_rank'),
            fictitious: excluded('fictitious'),
            updatedOn: excluded('updated_on'),
            importId: excluded('import_id'),
            closedOn: sql`null`,
          },
        });
    }
    return stateOf(moved);
  });
}

/** Once every line is in: the sites this extract does not list any more are closed (kept for past requests). */
export async function finishImport(db: Db, importId: string, today: string): Promise<ImportState> {
  return db.transaction(async (tx) => {
    const row = await importRow(tx as unknown as Db, importId);
    if (row.finishedAt) return stateOf(row);
    if (row.linesDone !== row.totalLines)
      throw new AppError('ESTABLISHMENT_IMPORT_CONFLICT', `L’import n’est pas terminé (${row.linesDone}\u00a0lignes sur ${row.totalLines}).`);
    const closed = await tx
      .update(establishments)
      .set({ closedOn: today })
      .where(and(isNull(establishments.closedOn), or(isNull(establishments.importId), ne(establishments.importId, importId))))
      .returning({ id: establishments.id });
    const [done] = await tx
      .update(establishmentImports)
      .set({ finishedAt: new Date(), closed: closed.length })
      .where(and(eq(establishmentImports.id, importId), isNull(establishmentImports.finishedAt)))
      .returning();
    if (!done) throw new AppError('ESTABLISHMENT_IMPORT_CONFLICT');
    return stateOf(done);
  });
}

/** The sink that writes into this database. */
export const databaseSink = (db: Db, today: () => string): ImportSink => ({
  begin: (input) => beginImport(db, input),
  batch: (importId, from, to, records, skipped) => importBatch(db, importId, from, to, records, skipped),
  finish: (importId) => finishImport(db, importId, today()),
});

export const BATCH_LINES = 1_000;

/**
 * Imports an extract file's bytes through a sink, from where a previous run of the same file stopped.
 * `log` hears each batch. Refuses a file that is not a FINESS extract (line 1).
 */
export async function importFinessExtract(
  sink: ImportSink,
  bytes: Uint8Array,
  options: { batchLines?: number; log?: (state: ImportState) => void } = {},
): Promise<ImportState & { resumedAt: number; alreadyDone: boolean }> {
  const lines = extractLines(decodeExtract(bytes));
  const header = readHeader(lines[0] ?? '');
  if (!header)
    throw new AppError(
      'ESTABLISHMENT_EXTRACT_INVALID',
      'Ce fichier n’est pas un extrait FINESS\u00a0: la première ligne doit être «\u00a0finess;etalab;<version>;<date>\u00a0».',
    );
  const data = lines.slice(1);
  const fileSha256 = createHash('sha256').update(bytes).digest('hex');
  let state = await sink.begin({ fileSha256, extractVersion: header.version, extractDate: header.date, totalLines: data.length });
  const resumedAt = state.linesDone;
  if (state.finished) return { ...state, resumedAt, alreadyDone: true };
  const size = Math.max(1, options.batchLines ?? BATCH_LINES);
  while (state.linesDone < data.length) {
    const from = state.linesDone;
    const to = Math.min(data.length, from + size);
    const { records, skipped } = readLines(data.slice(from, to));
    state = await sink.batch(state.importId, from, to, records, skipped);
    options.log?.(state);
  }
  state = await sink.finish(state.importId);
  options.log?.(state);
  return { ...state, resumedAt, alreadyDone: false };
}
