import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { openDatabase, type Database } from '../../src/db/client';
import { members } from '../../src/db/schema';
import { useMasterKeys } from '../../src/db/field-crypto';
import { fileMasterKeys } from '../../src/lib/master-keys';
import { DEMO_MEMBERS } from '../../src/modules/members/seed';

/** Several checkouts may test against one server at once: each names its own template. */
export const TEMPLATE_DB = process.env.TEST_TEMPLATE_DB || 'mutua_test_template';

/** The run's master key file (test/global-setup.ts): the template's data keys are wrapped with it. */
export const testMasterKeyFile = () => inject('masterKeyFile');

/** The suite runs on PGlite unless DATABASE_URL names a PostgreSQL server. */
export function testDatabaseUrl(): string | undefined {
  return process.env.DATABASE_URL || undefined;
}

/** Same server, maintenance database: where CREATE/DROP DATABASE are issued. */
export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = '/postgres';
  return u.toString();
}

/** A fresh copy of the migrated, seeded template for one test file. */
export async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  useMasterKeys(fileMasterKeys(testMasterKeyFile()));
  const url = testDatabaseUrl();
  if (!url) {
    const blob = new Blob([readFileSync(inject('pgliteTemplate')!)]);
    const pglite = await PGlite.create({ loadDataDir: blob });
    const database = await openDatabase({ pglite });
    return { database, drop: () => database.close() };
  }
  const name = `mutua_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl(url) });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`);
  await admin.end();
  const database = await openDatabase({ databaseUrl: withDatabase(url, name) });
  return {
    database,
    drop: async () => {
      await database.close();
      const admin2 = new pg.Client({ connectionString: adminUrl(url) });
      await admin2.connect();
      await admin2.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin2.end();
    },
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The id of a demo member (see DEMO_MEMBERS) in a test database. */
export async function memberIdOf(db: Database['db'], tenantId: string, membershipNumber: string): Promise<string> {
  const [m] = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.tenantId, tenantId), eq(members.membershipNumber, membershipNumber)));
  if (!m) throw new Error(`no demo member ${membershipNumber} on ${tenantId}`);
  return m.id;
}

/** A fresh database for repository tests, with camille's and léa's member ids (two tenants). */
export async function demoDatabase(): Promise<{ database: Database; drop(): Promise<void>; camille: string; lea: string }> {
  const { database, drop } = await freshDatabase();
  return {
    database,
    drop,
    camille: await memberIdOf(database.db, 'mutua', DEMO_MEMBERS.camille),
    lea: await memberIdOf(database.db, 'azur', DEMO_MEMBERS.lea),
  };
}

/**
 * Whether poppler's pdftotext is installed: a developer's machine may lack it (PDF text checks are then
 * left out), CI never does (.ci/run installs it), so there a missing pdftotext stops the run.
 */
export const hasPdftotext = (() => {
  try {
    execFileSync('pdftotext', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    if (process.env.CI) throw new Error('pdftotext (poppler-utils) is required in CI: the PDF text checks would be left out');
    return false;
  }
})();
