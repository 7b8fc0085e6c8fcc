/**
 * Which server test files depend on the database engine.
 *
 * With a PostgreSQL server at hand (CI's TEST_PG_URL) the whole suite runs on it — production's engine,
 * where races are truly parallel — and on PGlite only the files below (`SERVER_TESTS=engine-specific`).
 * PGlite runs the same SQL (it is PostgreSQL compiled to WebAssembly, a newer major); what differs is
 * around it: one in-process connection with its own wait line instead of a pool, LISTEN through the
 * instance, a data directory (durability, backups, bytes at rest), pg-boss's adapter, the pool gauges.
 * Every PGlite run also migrates and seeds its template, and the journeys run every screen on PGlite.
 * Without a server (a developer's machine) the whole suite runs on PGlite. docs/decisions/060.
 *
 * A file whose code asks which engine it runs on is listed here or in POSTGRES_ONLY:
 * test/engine-specific.test.ts checks it.
 */
export const ENGINE_SPECIFIC: Readonly<Record<string, string>> = {
  'test/schema-drift.test.ts': 'the migrations as PGlite applies them agree with the drizzle schema',
  'test/bank-details-migration.test.ts': 'a data migration applied to a database already in use, on PGlite',
  'test/backup-restore.test.ts': 'the PGlite backup (its data directory) restores into an empty one',
  'test/encryption-at-rest.test.ts': 'no personal data in clear in the bytes of the data directory',
  'test/durable-mail.test.ts': 'mail accepted before a SIGKILL is in the data directory after it',
  'test/read-cache.test.ts': 'change notices (watch_changes) through PGlite’s in-process LISTEN',
  'test/job-queue.test.ts': 'pg-boss over the PGlite adapter (exec for its scripts, query for the rest)',
  'test/overload.test.ts': 'the one connection taken: shed before the work starts',
  'test/client-limits.test.ts': 'connection caps counted against the one connection',
  'test/global-details-storm.test.ts': 'concurrent misses of one member loaded once over the one connection',
  'test/staff-sign-in-races.test.ts': 'parallel sign-ins serialised by the one connection',
  'test/ops/metrics.test.ts': 'the pool gauges and the data directory’s disk read from PGlite',
  'test/engine-specific.test.ts': 'this list’s own check',
};

/** Files whose engine-dependent tests need a PostgreSQL server (they skip themselves on PGlite). */
export const POSTGRES_ONLY: readonly string[] = ['test/population.test.ts', 'test/query-plans.test.ts'];

/** What a test file's code says when it behaves differently by engine. */
export const ASKS_THE_ENGINE = /testDatabaseUrl\(|\.kind === '(pglite|postgres)'|\$client: PGlite/;
