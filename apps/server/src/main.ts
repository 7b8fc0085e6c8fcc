import { ConfigError, loadConfig, type Config } from './config';
import { startInstance } from './instance';
import { textTable } from './lib/text-table';
import { demoDataSteps } from './modules';
import { listTenants } from './modules/tenants/public';

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
  const instance = await startInstance(config, { seedSteps: demoDataSteps() });
  const { database } = instance;
  const stop = async () => {
    await instance.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);

  const where = config.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.DATA_DIR}`;
  const rows = (await listTenants(database.db)).map((tenant) => {
    const host = tenant.hosts[0] === '127.0.0.1' ? 'localhost' : (tenant.hosts[0] ?? 'localhost');
    const origin = `http://${host}:${config.PORT}`;
    const off = tenant.features.filter((f) => !f.enabled).map((f) => f.feature_id);
    return [tenant.name, origin, `${origin}/api`, off.join(', ') || '—', tenant.maintenance ? 'maintenance' : ''];
  });
  console.log(`\nMutua is running (${where}).\n\n${textTable(['Tenant', 'Address', 'API', 'Features off', ''], rows)}\n`);
  console.log(`Back office (staff): http://${config.backofficeHosts[0]}:${config.PORT}\n`);
  if (instance.ops) console.log(`Metrics and probes: http://${config.METRICS_HOST}:${instance.ops.port}/metrics, /healthz, /readyz\n`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
