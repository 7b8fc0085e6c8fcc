import type { Db } from '../client';

/** One demo-data step, loaded once (its name is recorded in seed_runs): never rename a loaded step. */
export type SeedStep = { name: string; run(tx: Db): Promise<void> };
