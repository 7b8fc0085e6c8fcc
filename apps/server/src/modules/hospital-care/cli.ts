/**
 * Operator command: `npm run establishments -- import <extract.csv> [--batch 1000]` loads the official
 * FINESS extract of geographic establishments (data.gouv.fr, etalab-cs1100507-stock-…csv) into the
 * establishment directory. Idempotent: a file already imported is left alone. Resumable: an interrupted
 * import of the same file goes on from its last batch. Sites the new extract no longer lists are closed
 * (kept for the requests that name them). Like `npm run tenant`, it goes through the running server's
 * operator API on loopback, and opens the database itself when no server answers.
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../../config';
import { openReadyDatabase } from '../../db/open';
import { parisDate } from '../../lib/clock';
import { readOrCreateOperatorToken } from '../../lib/operator-token';
import { databaseSink, importFinessExtract, type ImportSink, type ImportState } from './public';

const USAGE = 'usage: npm run establishments -- import <extract.csv> [--batch <lines>]';

/** The operator API's sink; null when no server listens. */
async function serverSink(port: number, token: string): Promise<ImportSink | null> {
  const base = `http://127.0.0.1:${port}/api/ops/establishments/imports`;
  const call = async (path: string, body: unknown): Promise<ImportState> => {
    const response = await fetch(base + path, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body ?? {}),
    });
    const answer = (await response.json()) as { data?: ImportState; error?: { message: string } };
    if (!response.ok || !answer.data) throw new Error(answer.error?.message ?? `HTTP ${response.status}`);
    return answer.data;
  };
  try {
    await fetch(`http://127.0.0.1:${port}/api/heartbeat`, { signal: AbortSignal.timeout(2_000) });
  } catch {
    return null;
  }
  return {
    begin: (input) => call('', input),
    batch: (importId, fromLine, toLine, records, skipped) => call(`/${importId}/batches`, { fromLine, toLine, records, skipped }),
    finish: (importId) => call(`/${importId}/finish`, {}),
  };
}

async function main() {
  const { positionals, values } = parseArgs({ args: process.argv.slice(2), allowPositionals: true, options: { batch: { type: 'string' } } });
  const [command, file] = positionals;
  if (command !== 'import' || !file) throw new Error(USAGE);
  const batchLines = values.batch ? Number(values.batch) : undefined;
  if (batchLines !== undefined && !(Number.isInteger(batchLines) && batchLines > 0 && batchLines <= 5_000))
    throw new Error('--batch: un nombre de lignes entre 1 et 5000');
  const bytes = await readFile(file);
  const config = loadConfig();
  const log = (s: ImportState) =>
    console.log(
      s.finished
        ? `terminé\u00a0: ${s.establishments} établissements, ${s.skipped} lignes illisibles, ${s.closed ?? 0} fermés`
        : `${s.linesDone}/${s.totalLines} lignes`,
    );
  const run = async (sink: ImportSink, where: string) => {
    const result = await importFinessExtract(sink, bytes, { batchLines, log });
    if (result.alreadyDone) console.log(`Cet extrait (${result.extractDate}) est déjà importé\u00a0: rien à faire.`);
    else if (result.resumedAt > 0) console.log(`Import repris à la ligne ${result.resumedAt}.`);
    console.log(`(${where})`);
  };
  const remote = await serverSink(config.PORT, readOrCreateOperatorToken(config.DATA_DIR));
  if (remote) return run(remote, `serveur en cours d’exécution sur le port ${config.PORT}`);
  // Loaded only here: with a server answering, the command starts without the whole module graph.
  const { demoDataSteps } = await import('..');
  const database = await openReadyDatabase(config, demoDataSteps());
  try {
    await run(
      databaseSink(database.db, () => parisDate(new Date())),
      'base de données ouverte directement\u00a0: aucun serveur ne répondait',
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError || error instanceof Error ? error.message : String(error));
  process.exit(1);
});
