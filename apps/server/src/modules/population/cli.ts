/**
 * `npm run seed:population -- --members N [--batch 2000] [--jobs 2] [--keep-indexes] [--sessions 0] [--sessions-file <path>]`
 *
 * A synthetic population of N members on the PostgreSQL server of DATABASE_URL (migrated and with the
 * demo tenants and products first): families, contracts and guarantees products, bank details, three
 * years of refunds with their acts, requests with steps, messages and a document, accounts that sign in
 * with their membership number and the password POPULATION_PASSWORD (context.ts beside this file). Idempotent and
 * resumable: members are numbered 90000001…, written by batches of one transaction each, and a run
 * writes only the members that are missing. Prints its time, the rows and the database's size per member.
 *
 * Writing 50,000 members or more, the plain indexes of the written tables are dropped first and built
 * at the end (deferred-indexes.ts); --keep-indexes keeps them.
 *
 * --sessions S opens S signed-in sessions of members spread over the whole population and writes their
 * cookies to --sessions-file (default bench/.population-sessions.json) for the benches. Never in
 * production: it refuses to run with NODE_ENV=production.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { REPO_ROOT, loadConfig } from '../../config';
import { openReadyDatabase } from '../../db/open';
import { membershipNumberOf } from './families';
import { DEFAULT_SESSIONS_FILE, type PopulationSession, type PopulationSessions } from './sessions-file';
import { populationContext } from './context';
import { buildDeferredIndexes, deferIndexes } from './deferred-indexes';
import { WRITTEN_TABLES, writeBatch } from './write-batch';
import { systemClock } from '../../lib/clock';
import { SessionStore } from '../auth/public';
import { demoDataSteps } from '..';

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const fmt = (n: number) => n.toLocaleString('en-US');

async function sizes(pool: pg.Pool): Promise<{ bytes: number; population: number; rows: Record<string, number> }> {
  const [{ bytes }] = (await pool.query<{ bytes: string }>('SELECT pg_database_size(current_database())::text AS bytes')).rows as [{ bytes: string }];
  const [{ n }] = (await pool.query<{ n: number }>(`SELECT count(*)::int AS n FROM members WHERE membership_number >= '${membershipNumberOf(1)}'`)).rows as [
    { n: number },
  ];
  const rows: Record<string, number> = {};
  for (const r of (
    await pool.query<{ relname: string; n: string }>(
      `SELECT relname, n_live_tup::text AS n FROM pg_stat_user_tables WHERE relname = ANY($1) ORDER BY relname`,
      [
        [
          'members',
          'beneficiaries',
          'accounts',
          'bank_accounts',
          'refunds',
          'refund_acts',
          'requests',
          'request_steps',
          'request_messages',
          'stored_files',
          'cases',
        ],
      ],
    )
  ).rows)
    rows[r.relname] = Number(r.n);
  return { bytes: Number(bytes), population: n, rows };
}

/** Opens `count` sessions of members spread evenly over the population; writes them to `file`. */
async function openSessions(
  database: Awaited<ReturnType<typeof openReadyDatabase>>,
  pool: pg.Pool,
  members: number,
  count: number,
  file: string,
): Promise<void> {
  const step = Math.max(1, Math.floor(members / count));
  const numbers = Array.from({ length: Math.min(count, members) }, (_, i) => membershipNumberOf(1 + i * step));
  const { rows } = await pool.query<{ member_id: string; account_id: string; tenant_id: string; host: string; refund_id: string }>(
    `SELECT m.id AS member_id, a.id AS account_id, m.tenant_id, t.hosts[1] AS host,
            (SELECT f.id FROM refunds f WHERE f.member_id = m.id ORDER BY f.care_date DESC, f.id DESC LIMIT 1) AS refund_id
     FROM members m JOIN accounts a ON a.member_id = m.id JOIN tenants t ON t.id = m.tenant_id
     WHERE m.tenant_id = ANY(SELECT id FROM tenants) AND m.membership_number = ANY($1)`,
    [numbers],
  );
  const store = new SessionStore(database.db, systemClock);
  const sessions: PopulationSession[] = [];
  for (const r of rows) {
    const { cookieValue } = await store.open({
      accountId: r.account_id,
      memberId: r.member_id,
      tenantId: r.tenant_id,
      ip: '127.0.0.1',
      userAgent: 'population bench',
    });
    sessions.push({ cookie: cookieValue, memberId: r.member_id, tenantId: r.tenant_id, host: r.host, refundId: r.refund_id });
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const out: PopulationSessions = { members, openedAt: new Date().toISOString(), sessions };
  writeFileSync(file, JSON.stringify(out), { mode: 0o600 });
  console.log(`${fmt(sessions.length)} sessions (valid 30 minutes idle, 12 hours at most) written to ${file}`);
}

async function main(): Promise<void> {
  if (process.env.NODE_ENV === 'production')
    throw new Error('seed:population refuses to run with NODE_ENV=production: it opens sessions and writes a synthetic population');
  const { values } = parseArgs({
    args: process.argv.slice(2),
    options: {
      members: { type: 'string' },
      batch: { type: 'string', default: '2000' },
      jobs: { type: 'string', default: '2' },
      'keep-indexes': { type: 'boolean', default: false },
      sessions: { type: 'string', default: '0' },
      'sessions-file': { type: 'string', default: DEFAULT_SESSIONS_FILE },
    },
  });
  const members = Number(values.members);
  const batch = Number(values.batch);
  const jobs = Number(values.jobs);
  if (!Number.isInteger(members) || members < 1 || members > 9_999_999) throw new Error('usage: npm run seed:population -- --members N (1 to 9,999,999)');
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('seed:population writes to a PostgreSQL server: set DATABASE_URL');

  const started = performance.now();
  const database = await openReadyDatabase(
    { DATABASE_URL: url, DATA_DIR: path.join(REPO_ROOT, '.data'), demoData: true, masterKeyFile: loadConfig().masterKeyFile },
    demoDataSteps(),
  );
  const pool = new pg.Pool({ connectionString: url, max: jobs + 1 });
  try {
    const context = await populationContext(pool, database.db);
    const before = await sizes(pool);
    console.log(`population: ${fmt(before.population)} members there, ${fmt(members)} wanted, batches of ${fmt(batch)} on ${jobs} connections`);
    const writing = performance.now();
    if (!values['keep-indexes'] && members - before.population >= 50_000) {
      console.log(`  ${await deferIndexes(pool, WRITTEN_TABLES)} plain indexes dropped for the load, built again at the end`);
    }
    let nextFrom = 1;
    let written = 0;
    let lastReport = performance.now();
    const worker = async () => {
      const client = await pool.connect();
      try {
        while (nextFrom <= members) {
          const from = nextFrom;
          const to = Math.min(members, from + batch - 1);
          nextFrom = to + 1;
          const n = await writeBatch(client, from, to, context);
          written += n;
          if (performance.now() - lastReport > 10_000) {
            lastReport = performance.now();
            console.log(`  … up to ${fmt(to)}: ${fmt(written)} written in ${seconds(performance.now() - started)}`);
          }
        }
      } finally {
        client.release();
      }
    };
    await Promise.all(Array.from({ length: jobs }, worker));
    const wroteMs = performance.now() - writing;
    const indexing = performance.now();
    const built = await buildDeferredIndexes(pool, jobs);
    if (built > 0) console.log(`${built} indexes built in ${seconds(performance.now() - indexing)}`);
    const vacuuming = performance.now();
    // stored_file_contents too: a start's look-up of documents left in clear is planned on its statistics.
    if (written > 0 || built > 0)
      await pool.query(
        'VACUUM (ANALYZE) members, beneficiaries, accounts, refunds, refund_acts, requests, request_groups, request_steps, request_messages, stored_files, stored_file_contents, cases, bank_accounts, contracts, beneficiary_products, contacts, addresses, legal_page_acceptances',
      );
    if (written > 0 || built > 0) console.log(`VACUUM ANALYZE in ${seconds(performance.now() - vacuuming)}`);
    const after = await sizes(pool);
    console.log(
      `wrote ${fmt(written)} members in ${seconds(wroteMs)} (${fmt(Math.round(written / (wroteMs / 1000)))} members/s), then indexes and VACUUM ANALYZE: ${seconds(performance.now() - started)} in all (start-up and demo data included)`,
    );
    console.log(
      `rows: ${Object.entries(after.rows)
        .map(([t, n]) => `${t} ${fmt(n)}`)
        .join(', ')}`,
    );
    console.log(
      `database: ${(after.bytes / 2 ** 30).toFixed(2)} GiB for ${fmt(after.population)} population members` +
        (after.population > before.population
          ? ` (${((after.bytes - before.bytes) / (after.population - before.population) / 1024).toFixed(1)} KiB per member written)`
          : after.population > 0
            ? ` (${(after.bytes / after.population / 1024).toFixed(1)} KiB per member, demo data included)`
            : ''),
    );
    const sessionsWanted = Number(values.sessions);
    // A relative path is the caller's: npm runs this script in apps/server, from wherever it was typed.
    const sessionsFile = path.resolve(process.env.INIT_CWD ?? process.cwd(), values['sessions-file']);
    if (sessionsWanted > 0) await openSessions(database, pool, members, sessionsWanted, sessionsFile);
  } finally {
    await pool.end();
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
