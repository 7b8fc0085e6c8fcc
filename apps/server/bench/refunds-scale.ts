/**
 * Refunds at scale: does a member's refunds page cost the same whether the table holds ten thousand or
 * a million rows? On a scratch database it creates one member with 10,000 refunds, times the refunds
 * queries the route runs (the repository's findRefundsPage: one page + the filtered count), then adds
 * 990,000 refunds of 990 other members (INSERT … SELECT generate_series) and times them again.
 *
 * Database: BENCH_DATABASE_URL, else DATABASE_URL (a PostgreSQL server; the scratch database is created
 * and dropped there, so the role needs CREATEDB); with neither, an embedded PGlite in memory (said so
 * in the output: WASM, slower, single connection). Settings: BENCH_REFUNDS_ITERATIONS (default 200 per
 * case), BENCH_REFUNDS_TOTAL (default 1,000,000), BENCH_REFUNDS_MEMBER (default 10,000).
 *
 * Run alone: `npx tsx bench/refunds-scale.ts`; `npm run bench` calls runRefundsScaleBench() at the end.
 */
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import type { TRefundFilters } from '@mutua/contracts/refunds';
import pg from 'pg';
import { openDatabase, type Database } from '../src/db/client';
import { migrate } from '../src/db/migrate';
import { findRefundsPage, listRefunds, refundsCountQuery, refundsPageQuery } from '../src/modules/refunds/repository';
import { percentile } from './support';

export type ScaleFigure = {
  case: string;
  'table rows': number;
  'member rows': number;
  'matching rows': number;
  'p50 ms': number;
  'p95 ms': number;
  'max ms': number;
};

export type Raw = { query(text: string, params?: unknown[]): Promise<Record<string, unknown>[]>; exec(text: string): Promise<void> };
export type Scratch = { database: Database; raw: Raw; label: string; drop(): Promise<void> };

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);

function urlWithDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** A fresh, empty database: on the given server (created now, dropped at the end), else PGlite in memory. */
export async function openScratch(): Promise<Scratch> {
  const url = process.env.BENCH_DATABASE_URL || process.env.DATABASE_URL;
  if (!url) {
    const pglite = await PGlite.create();
    const database = await openDatabase({ pglite });
    return {
      database,
      raw: { query: async (t, p) => (await pglite.query<Record<string, unknown>>(t, p)).rows, exec: async (t) => void (await pglite.exec(t)) },
      label: 'embedded PGlite in memory (no BENCH_DATABASE_URL or DATABASE_URL given): WASM, one connection, slower than a server',
      drop: () => database.close(),
    };
  }
  const name = `mutua_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: urlWithDatabase(url, 'postgres') });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const scratchUrl = urlWithDatabase(url, name);
  const client = new pg.Client({ connectionString: scratchUrl });
  await client.connect();
  const database = await openDatabase({ databaseUrl: scratchUrl });
  const version = (await client.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]!.v;
  return {
    database,
    raw: { query: async (t, p) => (await client.query(t, p)).rows, exec: async (t) => void (await client.query(t)) },
    label: `PostgreSQL ${version} at ${new URL(url).host}, scratch database ${name} (dropped at the end)`,
    drop: async () => {
      await client.end();
      await database.close();
      const admin2 = new pg.Client({ connectionString: urlWithDatabase(url, 'postgres') });
      await admin2.connect();
      await admin2.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin2.end();
    },
  };
}

const FAMILIES = `array['consultation','pharmacy','analysis','dental','optical','hearing','hospital','alternative_medicine','paramedical']`;
const TARGETS = `array['insured','health_professional','included_in_other_payment','other_mutual','bank_account']`;
const TYPES = `array['main','partner','child']`;

/** One tenant, `members` members with three beneficiaries each (main, partner, child); member 1 is the measured one. */
export async function createFamilies(raw: Raw, membersCount: number): Promise<string> {
  await raw.exec(`
    INSERT INTO tenants (id, hosts, name, graphical_charter, logo_svg, favicon_svg, features, mobile_application, old_insured_space, settings)
    VALUES ('bench', ARRAY['bench.localhost'], 'Bench', '{}', '', '', '[]', '{}', '{}', '{}');
    INSERT INTO members (tenant_id, membership_number) SELECT 'bench', lpad(g::text, 8, '0') FROM generate_series(1, ${membersCount}) g;
    INSERT INTO beneficiaries (member_id, family_position, rank, first_name, sur_name, birth_date, sex)
      SELECT m.id, p.pos, (array['MAIN','PARTNER','CHILD'])[p.pos], 'PRENOM' || p.pos, 'NOM' || m.membership_number, date '1980-01-01' + p.pos * 3000, 'F'
      FROM members m CROSS JOIN generate_series(1, 3) AS p(pos);
  `);
  const rows = await raw.query(`SELECT id FROM members WHERE membership_number = '00000001'`);
  return rows[0]!.id as string;
}

/**
 * `count` refunds spread over the members whose number is in [firstMember, firstMember + spread), care
 * dates over two years, every family, target and beneficiary type. Fast: one INSERT … SELECT.
 */
async function insertRefunds(raw: Raw, count: number, firstMember: number, spread: number, offset: number): Promise<void> {
  await raw.exec(`
    INSERT INTO refunds (member_id, beneficiary_id, beneficiary_type, reference, care_date, payment_date, act_family, act_wording,
                         payment_target, third_party_name, total_cost_cents, social_security_cents, other_mutual_cents, product_cents,
                         remaining_charge_cents, social_security_rate)
    SELECT m.id, b.id, (${TYPES})[b.family_position], 'B' || (g + ${offset}),
           current_date - (g::bigint * 7919 % 730)::int, current_date - (g::bigint * 7919 % 730)::int + 5,
           (${FAMILIES})[1 + g % 9], 'Acte ' || (g % 97), (${TARGETS})[1 + g % 5], 'Professionnel ' || (g % 211),
           3000 + g % 5000, 2100, 0, 800 + g % 4000, 100, 70
    FROM generate_series(1, ${count}) g
    JOIN members m ON m.membership_number = lpad((${firstMember} + g % ${spread})::text, 8, '0')
    JOIN beneficiaries b ON b.member_id = m.id AND b.family_position = 1 + g % 3;
  `);
  // Steady state, as autovacuum keeps it: statistics and the visibility map (index-only counts).
  await raw.exec('VACUUM (ANALYZE) refunds');
}

type BenchCase = { name: string; filters: TRefundFilters; limit: number; deepPage?: number };

const isoDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

const CASES: BenchCase[] = [
  { name: 'first page, no filter', filters: {}, limit: 50 },
  {
    name: 'first page, filtered (6 months, partner+child, pharmacy+consultation)',
    filters: { startDate: isoDaysAgo(182), endDate: isoDaysAgo(0), beneficiaryTypes: ['partner', 'child'], operationTypes: ['pharmacy', 'consultation'] },
    limit: 50,
  },
  { name: 'page 20 by cursor, no filter', filters: {}, limit: 50, deepPage: 20 },
];

const round = (n: number) => Math.round(n * 100) / 100;

/** Times findRefundsPage (page + count, as GET /api/refunds) `iterations` times after a short warm-up. */
async function timeCase(database: Database, memberId: string, c: BenchCase, iterations: number, tableRows: number, memberRows: number): Promise<ScaleFigure> {
  let cursor: string | undefined;
  if (c.deepPage) {
    for (let i = 1; i < c.deepPage; i++)
      cursor = (await findRefundsPage(database.db, memberId, { ...c.filters, limit: c.limit, cursor })).nextCursor ?? undefined;
  }
  const run = () => findRefundsPage(database.db, memberId, { ...c.filters, limit: c.limit, cursor });
  let matching = 0;
  for (let i = 0; i < 30; i++) matching = (await run()).total;
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    case: c.name,
    'table rows': tableRows,
    'member rows': memberRows,
    'matching rows': matching,
    'p50 ms': round(percentile(times, 50)),
    'p95 ms': round(percentile(times, 95)),
    'max ms': round(times.at(-1)!),
  };
}

type Plan = { text: string; buffers: number; ms: number };

/** EXPLAIN (ANALYZE, BUFFERS) of the page query and of the count query, exactly as the repository builds them. */
async function explain(raw: Raw, database: Database, memberId: string, c: BenchCase): Promise<Plan[]> {
  let cursor = null;
  if (c.deepPage) {
    for (let i = 1; i < c.deepPage; i++) {
      const page = await listRefunds(database.db, memberId, c.filters, { limit: c.limit, cursor });
      const last = page.items.at(-1)!;
      cursor = { careDate: last.careDate, id: last.id };
    }
  }
  const plans: Plan[] = [];
  for (const q of [refundsPageQuery(database.db, memberId, c.filters, { limit: c.limit, cursor }), refundsCountQuery(database.db, memberId, c.filters)]) {
    const { sql, params } = q.toSQL();
    const rows = await raw.query(`EXPLAIN (ANALYZE, BUFFERS, COSTS OFF) ${sql}`, params);
    const text = rows.map((r) => String(r['QUERY PLAN'])).join('\n');
    // The top node's buffers: everything the query touched (shared hit + read).
    const top = text.match(/Buffers: shared( hit=(\d+))?( read=(\d+))?/);
    plans.push({ text, buffers: Number(top?.[2] ?? 0) + Number(top?.[4] ?? 0), ms: Number(text.match(/Execution Time: ([\d.]+) ms/)?.[1] ?? Number.NaN) });
  }
  return plans;
}

const planLine = (label: string, [page, count]: Plan[]) =>
  `  ${label}: page query ${page!.buffers} buffers, ${page!.ms} ms; count query ${count!.buffers} buffers, ${count!.ms} ms (server-side execution)`;

/** Runs the whole case and prints it; answers the figures (run.ts prints them as a table). */
export async function runRefundsScaleBench(): Promise<ScaleFigure[]> {
  const iterations = env('BENCH_REFUNDS_ITERATIONS', 200);
  const total = env('BENCH_REFUNDS_TOTAL', 1_000_000);
  const memberRows = env('BENCH_REFUNDS_MEMBER', 10_000);
  const others = 990;
  const started = performance.now();
  const log = (s: string) => console.log(`[refunds-scale ${((performance.now() - started) / 1000).toFixed(1)} s] ${s}`);

  const scratch = await openScratch();
  log(`database: ${scratch.label}`);
  try {
    await scratch.database.exclusive(migrate);
    const memberId = await createFamilies(scratch.raw, others + 1);
    await insertRefunds(scratch.raw, memberRows, 1, 1, 0);
    log(`member 00000001 has ${memberRows.toLocaleString('en-US')} refunds; the table holds ${memberRows.toLocaleString('en-US')}`);

    const small: ScaleFigure[] = [];
    for (const c of CASES) small.push(await timeCase(scratch.database, memberId, c, iterations, memberRows, memberRows));
    log(`timed ${CASES.length} cases × ${iterations} at ${memberRows.toLocaleString('en-US')} rows`);
    const smallPlans = await explain(scratch.raw, scratch.database, memberId, CASES[1]!);

    const t0 = performance.now();
    await insertRefunds(scratch.raw, total - memberRows, 2, others, memberRows);
    const [{ n }] = (await scratch.raw.query('SELECT count(*)::int AS n FROM refunds')) as [{ n: number }];
    log(
      `inserted ${(total - memberRows).toLocaleString('en-US')} refunds of ${others} other members in ${((performance.now() - t0) / 1000).toFixed(1)} s (table: ${n.toLocaleString('en-US')} rows)`,
    );

    const large: ScaleFigure[] = [];
    for (const c of CASES) large.push(await timeCase(scratch.database, memberId, c, iterations, n, memberRows));
    log(`timed ${CASES.length} cases × ${iterations} at ${n.toLocaleString('en-US')} rows`);

    const largePlans = await explain(scratch.raw, scratch.database, memberId, CASES[1]!);
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the filtered case at ${n.toLocaleString('en-US')} rows (page query, then count query):\n`);
    console.log(largePlans.map((p) => p.text).join('\n\n'));
    console.log('\nWork per query, filtered case (buffers are deterministic; timings on a shared machine are not):');
    console.log(planLine(`${memberRows.toLocaleString('en-US')} rows`, smallPlans));
    console.log(planLine(`${n.toLocaleString('en-US')} rows`, largePlans));

    console.log('\np95 at 1M rows / p95 at 10k rows, per case:');
    for (const [i, c] of CASES.entries()) {
      const ratio = large[i]!['p95 ms'] / small[i]!['p95 ms'];
      console.log(`  ${c.name}: ${small[i]!['p95 ms']} ms → ${large[i]!['p95 ms']} ms (×${ratio.toFixed(2)})`);
    }
    log('done');
    return [...small, ...large];
  } finally {
    await scratch.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runRefundsScaleBench()
    .then((figures) => console.table(figures))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
