import { PGlite } from '@electric-sql/pglite';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config';
import { buildApp } from './app';
import { openDatabase, type Database } from './db/client';
import { prepareDatabase } from './db/open';
import type { SeedStep } from './db/seed';
import { Readiness, startOpsServer, type OpsServer } from './http/ops-server';
import { readOrCreateOperatorToken } from './lib/operator-token';
import { useMasterKeys } from './db/field-crypto';
import { fileMasterKeys } from './lib/master-keys';

export type Instance = { app: FastifyInstance; database: Database; readiness: Readiness; ops: OpsServer | null; stop(): Promise<void> };

/**
 * One running server: the operations port first (liveness and « not ready » from the first second),
 * then the database — migrated and seeded while /readyz says `migrating` — the app, and listening.
 * `seedSteps`: the modules' demo data (modules/index.ts); `pglite` lets a test start on a database of its own (an in-memory one) instead of DATA_DIR's.
 */
export async function startInstance(config: Config, opts: { pglite?: PGlite; seedSteps: readonly SeedStep[] }): Promise<Instance> {
  const readiness = new Readiness();
  const ops = config.METRICS_PORT ? await startOpsServer({ host: config.METRICS_HOST, port: config.METRICS_PORT, readiness }) : null;
  let database: Database | null = null;
  let app: FastifyInstance | null = null;
  try {
    readiness.set('migrating');
    useMasterKeys(fileMasterKeys(config.masterKeyFile));
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      pglite: opts.pglite,
      poolSize: config.DATABASE_POOL_SIZE,
      poolWaitMs: config.DATABASE_POOL_WAIT_MS,
    });
    await prepareDatabase(database, config, opts.seedSteps);
    readiness.set('starting');
    app = await buildApp({ config, database, operatorToken: readOrCreateOperatorToken(config.DATA_DIR), readiness });
    await app.listen({ port: config.PORT, host: config.HOST });
    readiness.set('serving');
  } catch (error) {
    await app?.close();
    await database?.close();
    await ops?.close();
    throw error;
  }
  const started = { app, database };
  return {
    ...started,
    readiness,
    ops,
    stop: async () => {
      // Out of the load balancer first, then drain.
      readiness.set('stopping');
      try {
        await started.app.close();
      } finally {
        try {
          await started.database.close();
        } finally {
          await ops?.close();
        }
      }
    },
  };
}
