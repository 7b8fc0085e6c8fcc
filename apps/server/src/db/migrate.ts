import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ScriptConnection } from './client';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applies db/migrations/NNNN_name.sql in order, each once, each in its own transaction. Plain SQL
 * files run unchanged on PGlite and PostgreSQL and merge without a generated journal; a test checks
 * that they match the drizzle schema. Call inside Database.exclusive.
 */
export async function migrate(conn: ScriptConnection): Promise<string[]> {
  await conn.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())');
  const done = new Set((await conn.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
  const files = readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f))
    .sort();
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    const body = readFileSync(path.join(MIGRATIONS_DIR, file), 'utf8');
    try {
      await conn.exec(`BEGIN;\n${body}\nINSERT INTO schema_migrations (name) VALUES ('${file}');\nCOMMIT;`);
    } catch (error) {
      await conn.exec('ROLLBACK').catch(() => {});
      throw new Error(`Migration ${file} failed: ${(error as Error).message}`, { cause: error });
    }
    applied.push(file);
    // PGlite runs a script without giving the event loop a turn: between files the process answers its
    // probes (/readyz « migrating », http/ops-server.ts) and signals.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return applied;
}
