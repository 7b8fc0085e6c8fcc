import { ConfigError, loadConfig, type Config } from './config';
import { buildApp } from './app';
import { openReadyDatabase } from './db/open';
import { listTenants } from './modules/tenants/tenant-admin';
import { readOrCreateOperatorToken } from './lib/operator-token';

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const database = await openReadyDatabase(config);
  const app = await buildApp({ config, database, operatorToken: readOrCreateOperatorToken(config.DATA_DIR) });

  const stop = async () => {
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  await app.listen({ port: config.PORT, host: config.HOST });
  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.DATA_DIR}`;
  console.log(`\nMutua is running (${where}).`);
  for (const tenant of await listTenants(database.db)) {
    const host = tenant.hosts[0] === '127.0.0.1' ? 'localhost' : tenant.hosts[0];
    console.log(`  ${tenant.name.padEnd(18)} http://${host}:${config.PORT}   (API: http://${host}:${config.PORT}/api)`);
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
