/**
 * Operator command: `npm run tenant -- <command>` changes tenants on a running system, no restart.
 *   list
 *   maintenance on|off [--tenant mutua] [--reason "…"]
 *   feature <MY_SERVICES|BENEFICIARIES_ADD|BENEFICIARIES|CONTRACT_RESILIATION|DIGITAL_CAMPAIGNS|NIR_LOGIN> on|off [--tenant mutua] [--params '{"…":…}']
 * It calls the running server's operator API on loopback (the embedded database has one owner: the
 * server). When no server answers, it opens the database itself.
 */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { openReadyDatabase } from '../../db/open';
import { readOrCreateOperatorToken } from '../../lib/operator-token';
import { ZFeatureChange, ZMaintenanceChange, listTenants, setFeature, setMaintenance } from './tenant-admin';

const USAGE = `usage:
  npm run tenant -- list
  npm run tenant -- maintenance on|off [--tenant <id>] [--reason "<public reason>"]
  npm run tenant -- feature <FEATURE_ID> on|off [--tenant <id>] [--params '<json>']`;

type Action =
  | { kind: 'list' }
  | { kind: 'maintenance'; tenant: string; body: ReturnType<typeof ZMaintenanceChange.parse> }
  | { kind: 'feature'; tenant: string; body: ReturnType<typeof ZFeatureChange.parse> };

function parse(argv: string[]): Action {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { tenant: { type: 'string', default: 'mutua' }, reason: { type: 'string' }, params: { type: 'string' } },
  });
  const [command, a, b] = positionals;
  const onOff = (v: string | undefined) => {
    if (v !== 'on' && v !== 'off') throw new Error(USAGE);
    return v === 'on';
  };
  if (command === 'list') return { kind: 'list' };
  if (command === 'maintenance') {
    return { kind: 'maintenance', tenant: values.tenant, body: ZMaintenanceChange.parse({ on: onOff(a), reason: values.reason ?? null }) };
  }
  if (command === 'feature') {
    const params = values.params === undefined ? undefined : (JSON.parse(values.params) as Record<string, unknown>);
    return { kind: 'feature', tenant: values.tenant, body: ZFeatureChange.parse({ featureId: a, enabled: onOff(b), params }) };
  }
  throw new Error(USAGE);
}

async function main() {
  const action = parse(process.argv.slice(2));
  if (action.kind === 'feature' && action.body.featureId === 'CONTRACT_RESILIATION' && !action.body.enabled) {
    // A tenant that sells online must offer online termination (law 2022-1158, code de la mutualité L221-10-3).
    console.warn(
      'Attention\u00a0: un organisme qui vend ses contrats en ligne doit laisser la résiliation en ligne (« Résilier votre contrat ») accessible. Ne désactivez CONTRACT_RESILIATION que pour un environnement qui ne vend pas en ligne.',
    );
  }
  const config = loadConfig();
  const token = readOrCreateOperatorToken(config.DATA_DIR);
  const base = `http://127.0.0.1:${config.PORT}/api/ops`;
  const path =
    action.kind === 'list' ? '/tenants' : `/tenants/${encodeURIComponent(action.tenant)}/${action.kind === 'maintenance' ? 'maintenance' : 'features'}`;

  let response: Response | null = null;
  try {
    response = await fetch(base + path, {
      method: action.kind === 'list' ? 'GET' : 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: action.kind === 'list' ? undefined : JSON.stringify(action.body),
    });
  } catch {
    // No server listening: change the database directly.
  }
  if (response) {
    const body = (await response.json()) as { data?: unknown; error?: { message: string } };
    if (!response.ok) throw new Error(body.error?.message ?? `HTTP ${response.status}`);
    console.log(action.kind === 'list' ? JSON.stringify(body.data, null, 2) : `done (running server on port ${config.PORT})`);
    return;
  }
  // Loaded only here: with a server answering, the command starts without the whole module graph.
  const { demoDataSteps } = await import('..');
  const database = await openReadyDatabase(config, demoDataSteps());
  try {
    if (action.kind === 'list') console.log(JSON.stringify(await listTenants(database.db), null, 2));
    else if (action.kind === 'maintenance') await setMaintenance(database.db, action.tenant, action.body);
    else await setFeature(database.db, action.tenant, action.body);
    if (action.kind !== 'list') console.log('done (database updated directly: no server was answering)');
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
