/**
 * Establishment search at scale (« under 20 ms at 100,000 rows », with the abbreviations CHU, CH, CHR,
 * CHRU, AP-HP). On a scratch database (the same as refunds-scale: BENCH_DATABASE_URL, else DATABASE_URL,
 * else embedded PGlite in memory — said so in the output), it IMPORTS a FINESS extract in the published
 * format through the import the operator command runs (importFinessExtract: the sample's public
 * establishments plus generated ones up to BENCH_ESTABLISHMENTS rows, default 100,000), times that
 * import, then times the route's own query (searchEstablishments) for a set of searches WITH the GIN
 * full-text index, then drops the index and times the same searches WITHOUT it, in one run.
 * p50/p95/max per search.
 *
 * Settings: BENCH_ESTABLISHMENTS (default 100,000), BENCH_SEARCH_ITERATIONS (default 100 with the index;
 * a fifth of it, at least 5, without). Run alone: `npx tsx bench/establishments-search.ts`; `npm run bench`
 * calls runEstablishmentSearchBench() at the end (BENCH_SEARCH=false skips it).
 */
import { readFile } from 'node:fs/promises';
import { pathToFileURL } from 'node:url';
import { migrate } from '../src/db/migrate';
import { databaseSink, fictitiousStructureLines, importFinessExtract, searchEstablishments } from '../src/modules/hospital-care/public';
import { SAMPLE_EXTRACT_URL } from '../src/modules/hospital-care/finess/seed';
import { openScratch } from './refunds-scale';
import { percentile } from './support';

export type SearchFigure = {
  search: string;
  index: 'GIN full-text' | 'none';
  rows: number;
  found: number;
  'p50 ms': number;
  'p95 ms': number;
  'max ms': number;
};

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);

/**
 * What members type: a real name in words, a FINESS prefix, a common word with a town, the abbreviations
 * (alone, they match tens of thousands of rows), their long forms, a miss.
 */
const SEARCHES = [
  'pitie salpe',
  '7501',
  'clinique lyon',
  'centre hospitalier saint',
  'CHU Bordeaux',
  'CH',
  'CHRU Lille',
  'AP-HP',
  'centre hospitalier universitaire de nantes',
  'zzzz introuvable',
];

const ms = (sorted: number[], p: number) => Number(percentile(sorted, p).toFixed(2));

export async function runEstablishmentSearchBench(): Promise<SearchFigure[]> {
  const target = env('BENCH_ESTABLISHMENTS', 100_000);
  const iterations = env('BENCH_SEARCH_ITERATIONS', 100);
  const started = performance.now();
  const log = (s: string) => console.log(`[establishments ${((performance.now() - started) / 1000).toFixed(1)} s] ${s}`);
  const scratch = await openScratch();
  log(`database: ${scratch.label}`);
  try {
    await scratch.database.exclusive(migrate);
    const sample = (await readFile(SAMPLE_EXTRACT_URL, 'utf8')).trimEnd().split('\n');
    const listed = sample.filter((line) => line.startsWith('structureet;99') === false).slice(1);
    const extract = new TextEncoder().encode([sample[0], ...listed, ...fictitiousStructureLines(target - listed.length)].join('\n') + '\n');
    const t0 = performance.now();
    const imported = await importFinessExtract(
      databaseSink(scratch.database.db, () => '2026-11-26'),
      extract,
    );
    log(
      `imported a ${(extract.length / 1e6).toFixed(1)} MB extract through importFinessExtract in ${((performance.now() - t0) / 1000).toFixed(1)} s: ${imported.establishments} establishments, ${imported.skipped} skipped`,
    );
    await scratch.raw.exec('VACUUM (ANALYZE) establishments');
    const [{ n: rows }] = (await scratch.raw.query('SELECT count(*)::int AS n FROM establishments WHERE closed_on IS NULL')) as [{ n: number }];
    log(`${rows.toLocaleString('en-US')} open establishments (${listed.length} real, the rest generated)`);

    const time = async (index: SearchFigure['index'], count: number): Promise<SearchFigure[]> => {
      const out: SearchFigure[] = [];
      for (const search of SEARCHES) {
        const found = (await searchEstablishments(scratch.database.db, search)).length; // warm-up, and what it finds
        const times: number[] = [];
        for (let i = 0; i < count; i++) {
          const t0 = performance.now();
          await searchEstablishments(scratch.database.db, search);
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        out.push({ search, index, rows, found, 'p50 ms': ms(times, 50), 'p95 ms': ms(times, 95), 'max ms': ms(times, 100) });
      }
      log(`timed ${SEARCHES.length} searches × ${count} (${index === 'none' ? 'without the index' : 'with the index'})`);
      return out;
    };

    const indexed = await time('GIN full-text', iterations);
    await scratch.raw.exec('DROP INDEX establishments_search_idx');
    const bare = await time('none', Math.max(5, Math.round(iterations / 5)));
    console.log('\np95 with the index → without it, per search:');
    for (const [i, s] of SEARCHES.entries()) console.log(`  « ${s} »: ${indexed[i]!['p95 ms']} ms → ${bare[i]!['p95 ms']} ms`);
    return [...indexed, ...bare];
  } finally {
    await scratch.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runEstablishmentSearchBench()
    .then((figures) => console.table(figures))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
