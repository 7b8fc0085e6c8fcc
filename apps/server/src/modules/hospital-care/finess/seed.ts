import { readFile } from 'node:fs/promises';
import type { Db } from '../../../db/client';
import { parisDate } from '../../../lib/clock';
import { databaseSink, importFinessExtract } from './import';

/** The sample extract shipped beside this file (sample.ts writes it). */
export const SAMPLE_EXTRACT_URL = new URL('./etalab-cs1100507-sample.csv', import.meta.url);

/** Demo data: the sample FINESS extract imported as an operator would import the official one. */
export async function seedFinessSample(db: Db): Promise<void> {
  await importFinessExtract(
    databaseSink(db, () => parisDate(new Date())),
    await readFile(SAMPLE_EXTRACT_URL),
  );
}
