/**
 * Operator commands (docs/deploy.md):
 *   npm run backup [-- --out <file>]   a backup of the configured database: pg_dump custom format
 *                                      (DATABASE_URL), else the embedded database's dump (the running
 *                                      server writes it; the database is opened here when none answers)
 *   npm run restore -- <file>          into the configured database, which must be empty (a new
 *                                      database, or a DATA_DIR without one), with the same MASTER_KEY_FILE
 * The master keys are never in a backup: keep MASTER_KEY_FILE apart, or nothing restored can be read.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { backupDatabase, restoreDatabase } from '../../db/backup';
import { openReadyDatabase } from '../../db/open';
import { readOrCreateOperatorToken } from '../../lib/operator-token';

async function main() {
  const { positionals, values } = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { out: { type: 'string' } } });
  const [command, file] = positionals;
  const config = loadConfig();
  const cwd = process.env.INIT_CWD ?? process.cwd();
  if (command === 'restore') {
    if (!file) throw new Error('usage: npm run restore -- <backup file>');
    await restoreDatabase(path.resolve(cwd, file), { databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
    // Opening it migrates it to this version and checks the keys open its data keys.
    const database = await openReadyDatabase({ ...config, demoData: false }, []);
    await database.close();
    console.log(`Restauration terminée dans ${config.DATABASE_URL ? 'la base DATABASE_URL' : config.DATA_DIR}.`);
    return;
  }
  if (command !== 'backup') throw new Error('usage: npm run backup [-- --out <file>] | npm run restore -- <file>');
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(cwd, values.out ?? path.join(config.DATA_DIR, 'backups', `mutua-${stamp}.${config.DATABASE_URL ? 'dump' : 'tar.gz'}`));
  let done: { bytes: number } | null = null;
  if (!config.DATABASE_URL) {
    try {
      const response = await fetch(`http://127.0.0.1:${config.PORT}/api/ops/backup`, {
        method: 'POST',
        headers: { authorization: `Bearer ${readOrCreateOperatorToken(config.DATA_DIR)}`, 'content-type': 'application/json' },
        body: JSON.stringify({ file: out }),
      });
      const body = (await response.json()) as { data?: { bytes: number }; error?: { message: string } };
      if (!response.ok) throw new Error(body.error?.message ?? `HTTP ${response.status}`);
      done = body.data!;
    } catch (error) {
      if (!(error instanceof TypeError)) throw error;
      // No server listening: the embedded database is free to open here.
    }
  }
  if (!done) {
    const database = await openReadyDatabase({ ...config, demoData: false }, []);
    try {
      done = await backupDatabase(database.db, config.DATABASE_URL, out);
    } finally {
      await database.close();
    }
  }
  console.log(
    `Sauvegarde écrite\u00a0: ${out} (${(done.bytes / 1_048_576).toFixed(1)} Mo). Les clés (${config.masterKeyFile}) n’y sont pas\u00a0: conservez-les à part.`,
  );
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
