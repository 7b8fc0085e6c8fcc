/**
 * The back office's queue at scale: does GET /api/bo/cases answer under 100 ms with a million
 * cases? On a scratch database (BENCH_DATABASE_URL, else DATABASE_URL; PGlite in memory otherwise, said
 * so) it creates 1,000 members of one tenant, BENCH_CASES_TOTAL requests (default 1,000,000) with their
 * cases (10 % assigned to the measured staff member, 80 % open, deadlines over ±60 days), then times the
 * queue queries the route runs (listCases): « assigned to me », unassigned, all with a type filter, one
 * member's cases, and the next page.
 *
 * Run alone: `npx tsx bench/cases-scale.ts`; `npm run bench` calls runCasesScaleBench() at the end.
 */
import { pathToFileURL } from 'node:url';
import type { TCaseQuery } from '@mutua/contracts/backoffice';
import { migrate } from '../src/db/migrate';
import { listCases } from '../src/modules/backoffice/cases';
import { createFamilies, openScratch, type ScaleFigure } from './refunds-scale';

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);

export async function runCasesScaleBench(): Promise<ScaleFigure[]> {
  const total = env('BENCH_CASES_TOTAL', 1_000_000);
  const iterations = env('BENCH_CASES_ITERATIONS', 100);
  const started = performance.now();
  const log = (s: string) => console.log(`[cases-scale ${((performance.now() - started) / 1000).toFixed(1)} s] ${s}`);
  const scratch = await openScratch();
  log(`database: ${scratch.label}`);
  try {
    await scratch.database.exclusive(migrate);
    await createFamilies(scratch.raw, 1000);
    const [{ id: staffId }] = (await scratch.raw.query(
      `INSERT INTO staff (email, display_name, role, password_hash) VALUES ('bench@gestion', 'Bench', 'agent', 'x') RETURNING id`,
    )) as [{ id: string }];
    await scratch.raw.exec(`INSERT INTO staff_tenants (staff_id, tenant_id) VALUES ('${staffId}', 'bench')`);
    const t0 = performance.now();
    // One statement per table (the per-row trigger is the live path; here the cases are written in bulk).
    await scratch.raw.exec(`
      ALTER TABLE requests DISABLE TRIGGER requests_case_trg;
      INSERT INTO request_groups (member_id) SELECT id FROM members;
      INSERT INTO requests (id, group_id, member_id, type_code, title, status_key, created_at, updated_at)
        SELECT gen_random_uuid(), g.id, g.member_id, (array[10002, 10013, 10028, 22, 1, 11])[1 + s % 6], 'Demande ' || s, 'request_sent',
               now() - (s % 90) * interval '1 day', now()
        FROM generate_series(1, ${total}) s JOIN (SELECT id, member_id, row_number() OVER () - 1 AS n FROM request_groups) g ON g.n = s % 1000;
      INSERT INTO cases (request_id, tenant_id, member_id, type_code, state, assignee_id, priority, due_at, created_at, updated_at)
        SELECT r.id, 'bench', r.member_id, r.type_code, CASE WHEN abs(hashtext(r.id::text)) % 5 = 0 THEN 'CLOSED' ELSE 'OPEN' END,
               CASE WHEN abs(hashtext(r.id::text)) % 10 = 1 THEN '${staffId}'::uuid END, 2,
               now() + (abs(hashtext(r.id::text)) % 120 - 60) * interval '1 day', r.created_at, r.updated_at
        FROM requests r;
      ALTER TABLE requests ENABLE TRIGGER requests_case_trg;
    `);
    // Steady state, as autovacuum keeps it (VACUUM runs outside a transaction block).
    await scratch.raw.exec('VACUUM (ANALYZE) requests');
    await scratch.raw.exec('VACUUM (ANALYZE) cases');
    const [{ n }] = (await scratch.raw.query('SELECT count(*)::int AS n FROM cases')) as [{ n: number }];
    log(`${n.toLocaleString('en-US')} cases in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
    const [{ member }] = (await scratch.raw.query(`SELECT member_id AS member FROM cases LIMIT 1`)) as [{ member: string }];
    const now = new Date();
    const db = scratch.database.db;
    const first = await listCases(db, staffId, { view: 'all', state: 'OPEN' }, now);
    const cases: { name: string; q: TCaseQuery }[] = [
      { name: 'assigned to me (default)', q: { view: 'mine', state: 'OPEN' } },
      { name: 'unassigned', q: { view: 'unassigned', state: 'OPEN' } },
      { name: 'all, type bill', q: { view: 'all', state: 'OPEN', type: 'bill' } },
      { name: 'all, one member', q: { view: 'all', state: 'OPEN', member } },
      { name: 'all, next page', q: { view: 'all', state: 'OPEN', after: first.next ?? undefined } },
    ];
    const figures: ScaleFigure[] = [];
    for (const c of cases) {
      const times: number[] = [];
      let rows = 0;
      for (let i = 0; i < iterations; i++) {
        const t = performance.now();
        rows = (await listCases(db, staffId, c.q, now)).items.length;
        times.push(performance.now() - t);
      }
      times.sort((a, b) => a - b);
      const at = (p: number) => Math.round(times[Math.min(times.length - 1, Math.floor(p * times.length))]! * 10) / 10;
      figures.push({
        case: `queue: ${c.name}`,
        'table rows': n,
        'member rows': rows,
        'matching rows': rows,
        'p50 ms': at(0.5),
        'p95 ms': at(0.95),
        'max ms': at(1),
      });
    }
    console.table(figures);
    log('done');
    return figures;
  } finally {
    await scratch.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  runCasesScaleBench().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}
