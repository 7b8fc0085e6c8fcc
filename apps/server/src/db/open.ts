import type { Config } from '../config';
import { openDatabase, type Database } from './client';
import { migrate } from './migrate';
import { loadDemoData } from './seed';
import { encryptExistingRows } from './encrypt-existing';
import { useMasterKeys } from '../lib/field-crypto';
import { fileMasterKeys } from '../lib/master-keys';

/**
 * Opens the configured database with the master keys, migrates it, encrypts what an older version
 * stored in clear, and loads the demo data when configured.
 */
export async function openReadyDatabase(config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'demoData' | 'masterKeyFile'> & Partial<Pick<Config, 'DATABASE_POOL_SIZE' | 'DATABASE_POOL_WAIT_MS'>>): Promise<Database> {
  useMasterKeys(fileMasterKeys(config.masterKeyFile));
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolSize: config.DATABASE_POOL_SIZE, poolWaitMs: config.DATABASE_POOL_WAIT_MS });
  try {
    await database.exclusive(migrate);
    await encryptExistingRows(database.db);
    if (config.demoData) await loadDemoData(database.db);
    return database;
  } catch (error) {
    await database.close();
    throw error;
  }
}
