import type { Config } from '../config';
import { openDatabase, type Database } from './client';
import { migrate } from './migrate';
import { loadDemoData, type SeedStep } from './seed';
import { encryptExistingRows } from './encrypt-existing';
import { useMasterKeys } from './field-crypto';
import { fileMasterKeys } from '../lib/master-keys';

/**
 * Migrates an open database, encrypts what an older version stored in clear, and loads the demo data
 * (the modules' seed steps) when configured. The master keys must be set first (useMasterKeys).
 */
export async function prepareDatabase(database: Database, config: Pick<Config, 'demoData'>, seedSteps: readonly SeedStep[]): Promise<void> {
  await database.exclusive(migrate);
  await encryptExistingRows(database.db);
  if (config.demoData) await loadDemoData(database.db, seedSteps);
}

/** Opens the configured database with the master keys, migrates it, and loads the demo data when configured. */
export async function openReadyDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'demoData' | 'masterKeyFile'> & Partial<Pick<Config, 'DATABASE_POOL_SIZE' | 'DATABASE_POOL_WAIT_MS'>>,
  seedSteps: readonly SeedStep[],
): Promise<Database> {
  useMasterKeys(fileMasterKeys(config.masterKeyFile));
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    poolSize: config.DATABASE_POOL_SIZE,
    poolWaitMs: config.DATABASE_POOL_WAIT_MS,
  });
  try {
    await prepareDatabase(database, config, seedSteps);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
