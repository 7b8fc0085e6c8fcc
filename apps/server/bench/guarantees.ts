/*
 * The guarantees engine in the bench: the estimate request the member's screen sends (its body and the
 * anti-forgery headers of the demo session), the SQL statements one estimate costs (counted on the
 * app's PostgreSQL database), and the engine's care lines per second on one core
 * (packages/contracts/bench/engine.bench.ts, run in a process of its own).
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parisIsoDate } from '@mutua/contracts/dates';
import { XSRF_COOKIE, XSRF_HEADER } from '@mutua/contracts/platform';
import { and, eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { members } from '../src/db/schema';
import { DEMO_ACCOUNTS } from '../src/modules/auth/seed';
import { loadCatalogueAt } from '../src/modules/guarantees/cover';
import { computeLinesFor } from '../src/modules/guarantees/public';

const HERE = path.dirname(fileURLToPath(import.meta.url));

/** Three lines of Camille's (Confort): a GP visit, an osteopathy session, a box of medicine. */
export const ESTIMATE_LINES = [
  { actCode: 'G', expenseCents: 3000, quantity: 1, sector: '1' as const },
  { actCode: 'OSTEOPATHIE', expenseCents: 6000, quantity: 1, sector: '1' as const },
  { actCode: 'MEDICAMENT_65', expenseCents: 900, quantity: 2, sector: '1' as const },
];

export const estimateBody = () => JSON.stringify({ familyPosition: 1, careDate: parisIsoDate(), lines: ESTIMATE_LINES });

/** The session's anti-forgery token, from the start-up call that issues it (GET /api/init). */
export async function xsrfHeaders(port: number, cookie: string): Promise<Record<string, string>> {
  const res = await fetch(`http://127.0.0.1:${port}/api/init`, { headers: { host: 'localhost', cookie } });
  const token = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0]!)
    .find((c) => c.startsWith(`${XSRF_COOKIE}=`))
    ?.slice(XSRF_COOKIE.length + 1);
  if (!token) throw new Error('bench: GET /api/init issued no anti-forgery token');
  return { cookie: `${cookie}; ${XSRF_COOKIE}=${token}`, [XSRF_HEADER]: token, 'content-type': 'application/json' };
}

/** SQL statements of one estimate, counted on the pool of the app's PostgreSQL database: without and with the day's catalogue kept. */
export async function statementsPerEstimate(databaseUrl: string): Promise<{ uncached: number; cached: number }> {
  const database = await openDatabase({ databaseUrl, poolSize: 1 });
  try {
    const db = database.db;
    const demo = DEMO_ACCOUNTS.camille;
    const [member] = await db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.tenantId, demo.tenantId), eq(members.membershipNumber, demo.membershipNumber)));
    const client = (db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
    const query = client.query.bind(client);
    const who = { tenantId: demo.tenantId, memberId: member!.id, familyPosition: 1 };
    const kept = await loadCatalogueAt(db, parisIsoDate());
    let statements = 0;
    client.query = (...args: unknown[]) => {
      statements++;
      return query(...args);
    };
    await computeLinesFor(db, who, parisIsoDate(), ESTIMATE_LINES);
    const uncached = statements;
    statements = 0;
    await computeLinesFor(db, who, parisIsoDate(), ESTIMATE_LINES, { catalogue: async () => kept });
    client.query = query;
    return { uncached, cached: statements };
  } finally {
    await database.close();
  }
}

/** The engine's care lines per second on one core: the line engine.bench.ts prints. */
export function engineLinesPerSecond(seconds = 3): Promise<string> {
  const script = path.resolve(HERE, '../../../packages/contracts/bench/engine.bench.ts');
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import', 'tsx', script, String(seconds)], { cwd: path.resolve(HERE, '..'), timeout: 60_000 }, (error, stdout, stderr) => {
      const line = stdout.split('\n').find((l) => l.startsWith('engine lines/s'));
      resolve(line ?? `engine bench failed: ${error?.message ?? ''} ${stderr}`.trim());
    });
  });
}
