import { ConfigError, loadConfig, type Config } from './config';
import { buildApp } from './app';
import { openReadyDatabase } from './db/open';
import { textTable } from './lib/text-table';
import { demoDataSteps } from './modules';
import { listTenants } from './modules/tenants/public';
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
  const database = await openReadyDatabase(config, demoDataSteps());
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
  const rows = (await listTenants(database.db)).map((tenant) => {
    const host = tenant.hosts[0] === '127.0.0.1' ? 'localhost' : (tenant.hosts[0] ?? 'localhost');
    const origin = `http://${host}:${config.PORT}`;
    const off = tenant.features.filter((f) => !f.enabled).map((f) => f.feature_id);
    return [tenant.name, origin, `${origin}/api`, off.join(', ') || '—', tenant.maintenance ? 'maintenance' : ''];
  });
  console.log(`\nMutua is running (${where}).\n\n${textTable(['Tenant', 'Address', 'API', 'Features off', ''], rows)}\n`);
  console.log(`Back office (staff): http://${config.backofficeHosts[0]}:${config.PORT}\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
