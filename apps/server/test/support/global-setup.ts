import { rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDatabase } from '../../src/db/client';
import { migrate } from '../../src/db/migrate';
import { loadDemoData } from '../../src/db/seed';
import { useMasterKeys } from '../../src/db/field-crypto';
import { fileMasterKeys, newMasterKey, writeKeyRing } from '../../src/lib/master-keys';
import { demoDataSteps } from '../../src/modules';
import { TEMPLATE_DB, adminUrl, testDatabaseUrl, withDatabase } from './database';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string | null;
    masterKeyFile: string;
  }
}

/**
 * Migrates and seeds one template database per run: a PGlite data dir dumped to a file (~0.3 s to load
 * per test file instead of ~5 s of initdb), or a PostgreSQL template database when DATABASE_URL is set.
 */
export default async function setup(project: TestProject) {
  // One master key file for the run: the template's data keys are wrapped with it, every copy opens them.
  const keyFile = path.join(os.tmpdir(), `mutua-test-master-keys-${process.pid}`);
  writeKeyRing(keyFile, [newMasterKey()]);
  useMasterKeys(fileMasterKeys(keyFile));
  project.provide('masterKeyFile', keyFile);
  const url = testDatabaseUrl();
  if (url) {
    const admin = new pg.Client({ connectionString: adminUrl(url) });
    await admin.connect();
    await admin.query(`DROP DATABASE IF EXISTS ${TEMPLATE_DB} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${TEMPLATE_DB}`);
    await admin.end();
    const database = await openDatabase({ databaseUrl: withDatabase(url, TEMPLATE_DB) });
    await database.exclusive(migrate);
    await loadDemoData(database.db, demoDataSteps());
    await database.close();
    project.provide('pgliteTemplate', null);
    return () => rmSync(keyFile, { force: true });
  }
  const pglite = await PGlite.create();
  const database = await openDatabase({ pglite });
  await database.exclusive(migrate);
  await loadDemoData(database.db, demoDataSteps());
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(os.tmpdir(), `mutua-test-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('pgliteTemplate', file);
  return () => {
    rmSync(file, { force: true });
    rmSync(keyFile, { force: true });
  };
}
