/**
 * What a restart spends in the database before it serves (db/open.ts's prepareDatabase), phase by phase:
 * the migrations' check, the look-up of values left in clear (db/encrypt-existing.ts), the demo data's
 * check. BENCH_SEQ=1 plans that look-up without indexes, as every start did before the partial indexes
 * of migration 0243: the whole tables read.
 *
 *   MASTER_KEY_FILE=<the database's key file> DATABASE_URL=postgres://…/<population> [RUNS=3] [BENCH_SEQ=1] \
 *     npx tsx bench/start-phases.ts
 *
 * On a database nobody else migrates: it runs the start's steps (a pending migration would be applied).
 */
import { openDatabase } from '../src/db/client';
import { encryptExistingRows } from '../src/db/encrypt-existing';
import { migrate } from '../src/db/migrate';
import { loadDemoData } from '../src/db/seed';
import { useMasterKeys } from '../src/db/field-crypto';
import { fileMasterKeys } from '../src/lib/master-keys';
import { demoDataSteps } from '../src/modules';

const { DATABASE_URL, MASTER_KEY_FILE } = process.env;
if (!DATABASE_URL || !MASTER_KEY_FILE) throw new Error('DATABASE_URL and MASTER_KEY_FILE are required');
const RUNS = Number(process.env.RUNS ?? 3);
const url = new URL(DATABASE_URL);
if (process.env.BENCH_SEQ) url.searchParams.set('options', '-c enable_indexscan=off -c enable_indexonlyscan=off -c enable_bitmapscan=off');

useMasterKeys(fileMasterKeys(MASTER_KEY_FILE));
const database = await openDatabase({ databaseUrl: url.toString() });
const phases: Record<string, number[]> = { migrations: [], 'values in clear': [], 'demo data': [] };
async function timed(phase: string, run: () => Promise<unknown>) {
  const started = performance.now();
  await run();
  phases[phase]!.push(Math.round(performance.now() - started));
}
try {
  for (let i = 0; i < RUNS; i++) {
    await timed('migrations', () => database.exclusive(migrate));
    await timed('values in clear', () => encryptExistingRows(database.db));
    await timed('demo data', () => loadDemoData(database.db, demoDataSteps()));
  }
} finally {
  await database.close();
}
for (const [phase, ms] of Object.entries(phases)) console.log(`${phase.padEnd(16)} ${ms.join(', ')} ms`);
