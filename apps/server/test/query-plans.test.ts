import { AsyncLocalStorage } from 'node:async_hooks';
import { ibanFault } from '@mutua/contracts/bank-details';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encryptExistingRows } from '../src/db/encrypt-existing';
import { POPULATION_PASSWORD, populationContext } from '../src/modules/population/context';
import { membershipNumberOf } from '../src/modules/population/families';
import { populationIban, populationNir } from '../src/modules/population/identity';
import { WRITTEN_TABLES, writeBatch } from '../src/modules/population/write-batch';
import { DEMO_STAFF } from '../src/modules/backoffice/seed';
import { signIn, type AuthClient } from './support/auth';
import { testDatabaseUrl, withDatabase } from './support/database';
import { TestClient, createTestApp, type TestApp } from './support/test-app';
import { STAFF_HOST, signInStaff } from './support/staff';

/**
 * Every statement of the signed-in reads, captured while the real app answers them over a synthetic
 * population, then EXPLAINed: none may read a large table sequentially. The population here is small
 * (a test must be quick), so the planner is told to avoid sequential scans, hash and merge joins: a
 * table still read whole means that no index can serve the statement — its plan at a million members.
 *
 * QUERY_PLANS_LARGE_URL (a database of `npm run seed:population`, a million members) adds the plans the
 * planner really chooses there, with its statistics and default settings, for the same statements
 * (EXPLAIN without running them: their ids are the test's, not found there, the plan is what counts).
 */
// Large at a million members: every table the population writes, and those that grow with use.
const LARGE_TABLES = new Set([
  ...WRITTEN_TABLES,
  'sessions',
  'stored_file_contents',
  'audit_events',
  'allowance_counters',
  'allowance_uses',
  'member_notifications',
  'member_alerts',
]);
const POPULATION = 1_500;
const LARGE_URL = process.env.QUERY_PLANS_LARGE_URL;

const watched = new AsyncLocalStorage<string[]>();
let t: TestApp;
let pool: pg.Pool;
let largePool: pg.Pool | undefined;
let member: AuthClient;
let agent: TestClient;
const restore: (() => void)[] = [];

/** The statements (text and parameters) a request runs. */
type Statement = { text: string; values: unknown[] };
const captured = new Map<string, Statement[]>();

async function capture(label: string, run: () => Promise<{ statusCode: number; body: string }>): Promise<void> {
  const list: string[] = [];
  const res = await watched.run(list, run);
  expect(res.statusCode, `${label}: ${res.body.slice(0, 300)}`).toBe(200);
  captured.set(
    label,
    list.map((s) => JSON.parse(s) as Statement),
  );
}

/** Rows of each large table (planner statistics, after VACUUM ANALYZE), in the test's database and the large one. */
const tableRows = new Map<string, number>();
const largeTableRows = new Map<string, number>();

async function readTableRows(from: pg.Pool, into: Map<string, number>): Promise<void> {
  const stats = await from.query<{ relname: string; n: number }>('SELECT relname, reltuples::bigint::float8 AS n FROM pg_class WHERE relname = ANY($1)', [
    [...LARGE_TABLES],
  ]);
  for (const r of stats.rows) into.set(r.relname, r.n);
}

/**
 * What a plan reads of the large tables, as offences: a Seq Scan, or a scan node that returned more
 * than a tenth of its table (an index walked whole, or a condition that selects nearly everything).
 * A plan not run says what it expects to return: below a Limit, not what it reads.
 */
/** Nodes that read all of their input before giving a row: a Limit above them stops nothing below. */
const READS_ALL_INPUT = new Set(['Sort', 'Hash', 'Aggregate', 'WindowAgg', 'SetOp']);
/** Rows of a large table that may be sorted to keep one page (a page is at most a few hundred rows). */
const PAGE_SORT_ROWS = 1_000;

/**
 * What a plan reads of the large tables, as offences: a Seq Scan; a scan node that returned more than a
 * tenth of its table (an index walked whole, or a condition that selects nearly everything); or, under
 * a Limit, more than PAGE_SORT_ROWS rows sorted to keep a page (every match read: a cost that grows with
 * the population where an index in the page's order would stop early). A plan not run says what it
 * expects to return: below a Limit, not what it reads, unless a sort between them reads it all.
 */
function wholeReads(plan: unknown, sizes: Map<string, number>, found: string[] = [], below: 'all' | 'limited' | 'page sort' = 'all'): string[] {
  if (plan && typeof plan === 'object') {
    const node = plan as Record<string, unknown>;
    const type = String(node['Node Type']);
    const relation = node['Relation Name'];
    const run = 'Actual Rows' in node;
    if (typeof relation === 'string' && LARGE_TABLES.has(relation)) {
      const rows = run ? Number(node['Actual Rows']) * Number(node['Actual Loops'] ?? 1) : below === 'limited' ? 0 : Number(node['Plan Rows'] ?? 0);
      const size = sizes.get(relation) ?? 0;
      // Run with sequential scans off, a Seq Scan means no index serves the statement; planned over the
      // large population, it is a choice, right for a table that is small there (its few sessions).
      if (type === 'Seq Scan' && (run || size > 10_000)) found.push(`Seq Scan on ${relation}`);
      else if (rows > Math.max(200, size / 10)) found.push(`${type} on ${relation} ${run ? 'read' : 'expected to read'} ${rows} of its ${size} rows`);
      else if (below === 'page sort' && rows > PAGE_SORT_ROWS)
        found.push(`${type} on ${relation} ${run ? 'read' : 'expected to read'} ${rows} rows, sorted to keep a page`);
    }
    const next = type === 'Limit' ? 'limited' : type === 'Sort' && below !== 'all' ? 'page sort' : READS_ALL_INPUT.has(type) ? 'all' : below;
    for (const value of Object.values(node)) if (value && typeof value === 'object') wholeReads(value, sizes, found, next);
  }
  return found;
}

async function explain(statement: Statement): Promise<string[]> {
  const client = await pool.connect();
  try {
    // As at a million members, where one member's or one page's rows are a sliver of each table: nested
    // loops over index lookups, never a whole table hashed, merged or scanned.
    await client.query('SET enable_seqscan = off; SET enable_hashjoin = off; SET enable_mergejoin = off');
    const { rows } = await client.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${statement.text}`, statement.values);
    return wholeReads(rows[0]!['QUERY PLAN'], tableRows);
  } finally {
    await client.query('RESET enable_seqscan; RESET enable_hashjoin; RESET enable_mergejoin');
    client.release();
  }
}

/** The plan the large population's planner chooses, as it is configured (not run: read-only by construction). */
async function explainLarge(statement: Statement): Promise<string[]> {
  const { rows } = await largePool!.query<{ 'QUERY PLAN': unknown }>(`EXPLAIN (FORMAT JSON) ${statement.text}`, statement.values);
  return wholeReads(rows[0]!['QUERY PLAN'], largeTableRows);
}

const READS: [string, () => Promise<{ statusCode: number; body: string }>][] = [
  ['global details (a miss: the tests keep no read cache)', () => member.get('/api/all-info')],
  ['requests', () => member.get('/api/all-info?actionKey=requests')],
  ['refunds, first page', () => member.get('/api/refunds')],
  [
    'refunds, searched',
    () => member.get('/api/refunds?startDate=2025-01-01&endDate=2026-06-30&beneficiaryTypes=main,child&operationTypes=pharmacy,consultation'),
  ],
  ['documents', () => member.get('/api/documents?tab=shared')],
  ['back-office queue', () => agent.get('/api/bo/cases?view=all&state=OPEN')],
  ['back-office member search by number', () => agent.get(`/api/bo/members?q=${membershipNumberOf(501)}`)],
  ['back-office member search by name', () => agent.get('/api/bo/members?q=camille%20martin')],
];

describe('the population identifiers', () => {
  it('are well formed: NIR keys and IBANs check, two people never share a NIR', () => {
    const nirs = new Set<string>();
    for (const seq of [1, 2, 97, 4_242, 94_905, 999_999, 3_999_999]) {
      const { nir, nirKey } = populationNir(seq, 'F', '1986-04-12');
      expect(nir).toMatch(/^28604\d{8}$/);
      expect(Number(nirKey)).toBe(97 - Number(BigInt(nir) % 97n));
      nirs.add(nir);
      expect(ibanFault(populationIban(seq).iban)).toBeNull();
    }
    expect(nirs.size).toBe(7);
  });
});

describe.runIf(testDatabaseUrl())('query plans over a population (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await createTestApp();
    const { rows } = (await t.database.db.execute(sql`select current_database() as name`)) as unknown as { rows: [{ name: string }] };
    const name = rows[0].name;
    pool = new pg.Pool({ connectionString: withDatabase(testDatabaseUrl()!, name), max: 2 });
    const context = await populationContext(pool, t.database.db);
    const client = await pool.connect();
    try {
      for (let from = 1; from <= POPULATION; from += 500) await writeBatch(client, from, from + 499, context);
    } finally {
      client.release();
    }
    await pool.query('VACUUM ANALYZE');
    await readTableRows(pool, tableRows);
    if (LARGE_URL) {
      largePool = new pg.Pool({ connectionString: LARGE_URL, max: 1 });
      await readTableRows(largePool, largeTableRows);
      expect(largeTableRows.get('members'), 'QUERY_PLANS_LARGE_URL: a population of 100,000 members or more').toBeGreaterThanOrEqual(100_000);
    }
    // A population account signs in like any member: membership number, password, code by e-mail.
    // Member 751 is on the first tenant (one in ten, the multiples of 10, are on the second).
    member = await signIn(t, membershipNumberOf(751), { password: POPULATION_PASSWORD });
    agent = await signInStaff(t, DEMO_STAFF.agent, new TestClient(t.app, STAFF_HOST));

    // Records every statement sent while a watched request runs (the job queue's polls run outside).
    const query = pg.Client.prototype.query;
    pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
      const list = watched.getStore();
      const [first, second] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      if (list) {
        const text = typeof first === 'string' ? first : first?.text;
        const values = (typeof first === 'string' ? undefined : first?.values) ?? (Array.isArray(second) ? second : []);
        if (text) list.push(JSON.stringify({ text, values }));
      }
      return (query as (...a: unknown[]) => unknown).apply(this, args);
    } as typeof query;
    restore.push(() => (pg.Client.prototype.query = query));
  }, 120_000);

  afterAll(async () => {
    for (const r of restore) r();
    await pool?.end();
    await largePool?.end();
    await t?.close();
  });

  /** The reads among statements, each with what its plans read whole, here and in the large population. */
  async function offences(label: string, all: Statement[]): Promise<string[]> {
    const statements = all.filter((s) => /^\s*(select|with)\b/i.test(s.text));
    expect(statements.length, `${label}: no statement captured`).toBeGreaterThan(0);
    const offenders: string[] = [];
    for (const statement of statements) {
      const reads = await explain(statement);
      if (reads.length) offenders.push(`${reads.join(', ')}: ${statement.text.replace(/\s+/g, ' ').slice(0, 400)}`);
      const large = largePool ? await explainLarge(statement) : [];
      if (large.length)
        offenders.push(`at ${largeTableRows.get('members')} members, ${large.join(', ')}: ${statement.text.replace(/\s+/g, ' ').slice(0, 400)}`);
    }
    return offenders;
  }

  it.each(READS)('%s reads no large table whole', async (label, run) => {
    await capture(label, run);
    expect(await offences(label, captured.get(label)!)).toEqual([]);
  });

  it('a restart looks for values left in clear without reading the tables whole', async () => {
    const list: string[] = [];
    expect(await watched.run(list, () => encryptExistingRows(t.database.db))).toBe(0);
    const statements = list.map((s) => JSON.parse(s) as Statement);
    expect(await offences('values left in clear', statements)).toEqual([]);
  });
});
