/**
 * Care network at scale: GET /api/care-network/search (searchCareNetwork: the commune, then the nearest
 * providers) over a directory of 100,000 partner professionals, timed with the nearby index and then,
 * in the same run, after dropping it (what the index buys).
 *
 * Database: as bench/refunds-scale.ts (BENCH_DATABASE_URL, else DATABASE_URL, else embedded PGlite).
 * Settings: BENCH_CARE_PROVIDERS (default 100,000), BENCH_CARE_ITERATIONS (default 100 per case).
 * Run alone: `npx tsx bench/care-network-scale.ts`; `npm run bench` calls runCareNetworkScaleBench().
 */
import { pathToFileURL } from 'node:url';
import type { CareSpecialty } from '@mutua/contracts/care-network';
import { migrate } from '../src/db/migrate';
import { searchCareNetwork } from '../src/modules/care-network/queries';
import { openScratch } from './refunds-scale';
import { percentile } from './support';

export type CareFigure = {
  case: string;
  index: 'with' | 'without';
  providers: number;
  'first distance km': number;
  'p50 ms': number;
  'p95 ms': number;
  'max ms': number;
};

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const SPECIALTIES = `array['opticien','dentiste','audioprothesiste','osteopathe','kinesitherapeute','etablissement']`;

const CASES: { specialty: CareSpecialty; place: string }[] = [
  { specialty: 'opticien', place: 'Lyon' },
  { specialty: 'dentiste', place: '75011' },
  { specialty: 'audioprothesiste', place: 'saint-etienne' },
  { specialty: 'etablissement', place: 'Ajaccio' },
];

const round = (n: number) => Math.round(n * 100) / 100;

export async function runCareNetworkScaleBench(): Promise<CareFigure[]> {
  const total = env('BENCH_CARE_PROVIDERS', 100_000);
  const iterations = env('BENCH_CARE_ITERATIONS', 100);
  const started = performance.now();
  const log = (s: string) => console.log(`[care-network-scale ${((performance.now() - started) / 1000).toFixed(1)} s] ${s}`);
  const scratch = await openScratch();
  log(`database: ${scratch.label}`);
  try {
    await scratch.database.exclusive(migrate);
    // Providers spread up to ±0.8° around the communes of the reference table, six specialties.
    await scratch.raw.exec(`
      INSERT INTO tenants (id, hosts, name, graphical_charter, logo_svg, favicon_svg, features, mobile_application, old_insured_space, settings)
      VALUES ('bench', ARRAY['bench.localhost'], 'Bench', '{}', '', '', '[]', '{}', '{}', '{}');
      INSERT INTO care_networks (tenant_id, id, name, position) VALUES ('bench', 'reseau', 'Réseau', 0);
      WITH c AS (SELECT row_number() OVER (ORDER BY insee_code, postal_code) - 1 AS i, latitude, longitude, postal_code, name FROM communes),
           n AS (SELECT count(*) AS k FROM communes)
      INSERT INTO care_providers (tenant_id, network_id, name, specialty, address, postal_code, town, latitude, longitude)
      SELECT 'bench', 'reseau', 'Professionnel ' || g, (${SPECIALTIES})[1 + g % 6], g || ' rue du Bench', c.postal_code, c.name,
             c.latitude + ((g::bigint * 7919 % 1601) / 1000.0 - 0.8), c.longitude + ((g::bigint * 104729 % 1601) / 1000.0 - 0.8)
      FROM generate_series(1, ${total}) g CROSS JOIN n JOIN c ON c.i = g % n.k;
      ANALYZE care_providers;
    `);
    log(`${total.toLocaleString('en-US')} providers inserted`);
    const figures: CareFigure[] = [];
    for (const index of ['with', 'without'] as const) {
      if (index === 'without') {
        await scratch.raw.exec('DROP INDEX care_providers_nearby_idx; ANALYZE care_providers;');
        log('index care_providers_nearby_idx dropped');
      }
      for (const c of CASES) {
        const run = () => searchCareNetwork(scratch.database.db, 'bench', c.specialty, c.place);
        let first = 0;
        for (let i = 0; i < 5; i++) first = (await run()).providers[0]?.distanceKm ?? Number.NaN;
        const times: number[] = [];
        for (let i = 0; i < iterations; i++) {
          const t0 = performance.now();
          await run();
          times.push(performance.now() - t0);
        }
        times.sort((a, b) => a - b);
        figures.push({
          case: `${c.specialty} near ${c.place}`,
          index,
          providers: total,
          'first distance km': first,
          'p50 ms': round(percentile(times, 50)),
          'p95 ms': round(percentile(times, 95)),
          'max ms': round(times.at(-1)!),
        });
      }
      log(`timed ${CASES.length} cases × ${iterations} ${index} the index`);
    }
    return figures;
  } finally {
    await scratch.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runCareNetworkScaleBench()
    .then((figures) => console.table(figures))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
