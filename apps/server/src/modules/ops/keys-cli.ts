/**
 * Operator command: `npm run keys -- <command>` manages the master keys of encryption at rest
 * (lib/master-keys.ts, docs/decisions/030-encryption-at-rest.md).
 *   rotate   a new master key in MASTER_KEY_FILE, every tenant's data key re-wrapped with it, the old
 *            key dropped once no data key needs it. No downtime: the data keys themselves do not
 *            change, running instances keep the ones they hold and read the file again for new ones.
 *   status   the master keys in the file and how many data keys each wraps.
 * Like `npm run tenant`, it asks the running server (the embedded database has one owner) and opens
 * the database itself when no server answers.
 */
import { ConfigError, loadConfig } from '../../config';
import { openReadyDatabase } from '../../db/open';
import { masterKeyIdsInUse, rewrapDataKeys } from '../../db/field-crypto';
import { addMasterKey, parseKeyRing, retireMasterKeys } from '../../lib/master-keys';
import { readOrCreateOperatorToken } from '../../lib/operator-token';
import { readFileSync } from 'node:fs';

const USAGE = `usage:
  npm run keys -- rotate
  npm run keys -- status`;

type Rewrap = { rewrapped: number; total: number; masterKeysInUse: string[] };

async function main() {
  const command = process.argv[2];
  if (command !== 'rotate' && command !== 'status') throw new Error(USAGE);
  const config = loadConfig();
  const file = config.masterKeyFile;
  if (command === 'status') {
    const ring = parseKeyRing(readFileSync(file, 'utf8'), file);
    console.log(`${file}\u00a0:\n${ring.map((k, i) => `  ${k.id}${i === 0 ? ' (courante)' : ''}`).join('\n')}`);
    return;
  }
  const added = addMasterKey(file);
  let result: Rewrap | null = null;
  try {
    const response = await fetch(`http://127.0.0.1:${config.PORT}/api/ops/keys/rewrap`, {
      method: 'POST',
      headers: { authorization: `Bearer ${readOrCreateOperatorToken(config.DATA_DIR)}` },
    });
    const body = (await response.json()) as { data?: Rewrap; error?: { message: string } };
    if (!response.ok) throw new Error(body.error?.message ?? `HTTP ${response.status}`);
    result = body.data!;
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
    // No server listening: re-wrap in the database directly.
  }
  if (!result) {
    const database = await openReadyDatabase({ ...config, demoData: false }, []);
    try {
      result = { ...(await rewrapDataKeys(database.db, new Date())), masterKeysInUse: [...(await masterKeyIdsInUse(database.db))] };
    } finally {
      await database.close();
    }
  }
  const retired = retireMasterKeys(file, new Set(result.masterKeysInUse));
  console.log(
    `Nouvelle clé maîtresse ${added}\u00a0: ${result.rewrapped} clé(s) de données re-chiffrée(s) sur ${result.total}; retirée(s)\u00a0: ${retired.join(', ') || 'aucune'}.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
