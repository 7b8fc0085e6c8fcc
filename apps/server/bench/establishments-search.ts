/**
 * Establishment search at scale (issue 8: « search answers under 50 ms at 100,000 rows with a trigram or
 * full-text index »). On a scratch database (the same as refunds-scale: BENCH_DATABASE_URL, else
 * DATABASE_URL, else embedded PGlite in memory — said so in the output), it adds synthetic
 * establishments to the real ones of migration 0062 up to BENCH_ESTABLISHMENTS rows (default 100,000),
 * times the route's own query (searchEstablishments) for a set of searches WITH the GIN full-text index,
 * then drops the index and times the same searches WITHOUT it, in one run. p50/p95/max per search.
 *
 * Settings: BENCH_ESTABLISHMENTS (default 100,000), BENCH_SEARCH_ITERATIONS (default 100 with the index;
 * a fifth of it, at least 5, without). Run alone: `npx tsx bench/establishments-search.ts`; `npm run bench`
 * calls runEstablishmentSearchBench() at the end (BENCH_SEARCH=false skips it).
 */
import { pathToFileURL } from 'node:url';
import { migrate } from '../src/db/migrate';
import { searchEstablishments } from '../src/modules/hospital-care/public';
import { openScratch } from './refunds-scale';

export type SearchFigure = { search: string; index: 'GIN full-text' | 'none'; rows: number; found: number; 'p50 ms': number; 'p95 ms': number; 'max ms': number };

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);

/** What members type: a real name in words, a FINESS prefix, a common word with a city, a rare word, a miss. */
const SEARCHES = ['pitie salpe', '7501', 'clinique lyon', 'centre hospitalier saint', 'rééducation mar', 'zzzz introuvable'];

const PREFIXES = `array['Centre hospitalier','Clinique','Hopital prive','Polyclinique','Centre de sante','Centre de reeducation','Maison de sante','Centre medical','Hopital local','Clinique chirurgicale']`;
const SAINTS = `array['Saint-Joseph','Sainte-Anne','Saint-Martin','Les Tilleuls','Du Parc','Des Cedres','Pasteur','Jean-Jaures','Les Fontaines','Du Lac','Saint-Louis','Victor-Hugo','Les Oliviers','Bellevue','Du Centre']`;
const CITIES = `array['Paris','Marseille','Lyon','Toulouse','Nice','Nantes','Strasbourg','Montpellier','Bordeaux','Lille','Rennes','Reims','Toulon','Grenoble','Dijon','Angers','Nimes','Brest','Limoges','Tours','Amiens','Metz','Perpignan','Besancon','Orleans','Rouen','Caen','Nancy','Avignon','Poitiers']`;

function percentile(sorted: number[], p: number): number {
  return Number(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!.toFixed(2));
}

export async function runEstablishmentSearchBench(): Promise<SearchFigure[]> {
  const target = env('BENCH_ESTABLISHMENTS', 100_000);
  const iterations = env('BENCH_SEARCH_ITERATIONS', 100);
  const started = performance.now();
  const log = (s: string) => console.log(`[establishments ${((performance.now() - started) / 1000).toFixed(1)} s] ${s}`);
  const scratch = await openScratch();
  log(`database: ${scratch.label}`);
  try {
    await scratch.database.exclusive(migrate);
    const [{ n: real }] = (await scratch.raw.query('SELECT count(*)::int AS n FROM establishments')) as [{ n: number }];
    await scratch.raw.exec(`
      INSERT INTO establishments (finess, name, city, postal_code, search_text)
      SELECT f.finess, f.name, f.city, f.postal, lower(replace(f.name, '-', ' ') || ' ' || f.finess || ' ' || f.city || ' ' || f.postal)
      FROM (
        SELECT lpad((100000000 + g * 7)::text, 9, '0') AS finess,
               (${PREFIXES})[1 + g % 10] || ' ' || (${SAINTS})[1 + (g / 10) % 15] || ' ' || ((${CITIES})[1 + (g / 150) % 30]) || ' ' || g AS name,
               (${CITIES})[1 + (g / 150) % 30] AS city,
               lpad(((1 + g % 95) * 1000 + g % 1000)::text, 5, '0') AS postal
        FROM generate_series(1, ${target - real}) g
      ) f;
    `);
    await scratch.raw.exec('VACUUM (ANALYZE) establishments');
    const [{ n: rows }] = (await scratch.raw.query('SELECT count(*)::int AS n FROM establishments')) as [{ n: number }];
    log(`${rows.toLocaleString('en-US')} establishments (${real} real, the rest synthetic)`);

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
        out.push({ search, index, rows, found, 'p50 ms': percentile(times, 50), 'p95 ms': percentile(times, 95), 'max ms': percentile(times, 100) });
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
