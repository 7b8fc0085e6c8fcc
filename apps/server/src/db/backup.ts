import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { Db } from './client';

/*
 * Backups of the database (docs/deploy.md): `pg_dump` custom format on a PostgreSQL server, the data
 * directory's dump (a gzipped tar) on the embedded PGlite. Never the master keys: they stay in
 * MASTER_KEY_FILE, kept and copied apart, so that a stolen backup reads no NIR, IBAN or document.
 */

export type BackupFormat = 'pg_dump' | 'pglite';

/** Which file format a backup of this database is. */
export const formatOf = (databaseUrl: string | undefined): BackupFormat => (databaseUrl ? 'pg_dump' : 'pglite');

/** Writes a backup of the open database to `file` (written beside, then renamed: never half a file). */
export async function backupDatabase(db: Db, databaseUrl: string | undefined, file: string): Promise<{ bytes: number; format: BackupFormat }> {
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.partial`;
  if (databaseUrl) {
    execFileSync('pg_dump', ['--format=custom', '--no-owner', '--file', partial, databaseUrl], { stdio: ['ignore', 'ignore', 'inherit'] });
  } else {
    const pglite = (db as unknown as { $client: PGlite }).$client;
    // A checkpoint first: the dump then holds every committed page.
    await pglite.exec('CHECKPOINT');
    writeFileSync(partial, Buffer.from(await (await pglite.dumpDataDir('gzip')).arrayBuffer()), { mode: 0o600 });
  }
  renameSync(partial, file);
  return { bytes: readFileSync(file).length, format: formatOf(databaseUrl) };
}

/**
 * Restores a backup into an EMPTY target: a PostgreSQL database without tables, or a data dir without
 * a database. Refuses a target that holds data: a restore never merges into, nor overwrites, a live one.
 */
export async function restoreDatabase(file: string, target: { databaseUrl?: string; dataDir?: string }): Promise<void> {
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  if (target.databaseUrl) {
    const tables = execFileSync(
      'psql',
      ['--no-psqlrc', '--tuples-only', '--command', "select count(*) from pg_tables where schemaname = 'public'", target.databaseUrl],
      { encoding: 'utf8' },
    ).trim();
    if (tables !== '0') throw new Error('the target database is not empty: restore into a new database');
    execFileSync('pg_restore', ['--no-owner', '--exit-on-error', '--dbname', target.databaseUrl, file], { stdio: ['ignore', 'ignore', 'inherit'] });
    return;
  }
  const dir = path.join(target.dataDir!, 'pgdata');
  if (existsSync(dir) && readdirSync(dir).length > 0) throw new Error(`${dir} is not empty: restore into a new DATA_DIR`);
  mkdirSync(dir, { recursive: true });
  const pglite = await PGlite.create(dir, { loadDataDir: new Blob([readFileSync(file)]) });
  await pglite.close();
}
