import type pg from 'pg';

/*
 * A large load writes faster without the indexes nobody reads during it: each row added to a btree of
 * random keys (member ids are UUIDs) is a random page written, and at a million members those indexes
 * outgrow the memory; built afterwards, each is one sort. Only the plain indexes of the tables a batch
 * writes are deferred: unique ones stay (they are constraints, and the batch reads through some of them).
 * Their definitions are kept in the database itself, so an interrupted run leaves them for the next
 * one to rebuild: a run always ends by building whatever is still listed.
 */

const LIST = 'population_deferred_indexes';

/** Drops the plain indexes of `tables`, their definitions kept in the database; answers how many. */
export async function deferIndexes(pool: pg.Pool, tables: readonly string[]): Promise<number> {
  await pool.query(`CREATE TABLE IF NOT EXISTS ${LIST} (name text PRIMARY KEY, definition text NOT NULL)`);
  const { rows } = await pool.query<{ name: string; definition: string }>(
    `SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS definition
     FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid JOIN pg_class t ON t.oid = i.indrelid JOIN pg_namespace n ON n.oid = t.relnamespace
     WHERE n.nspname = 'public' AND t.relname = ANY($1) AND NOT i.indisunique AND NOT i.indisprimary
       AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid)`,
    [tables],
  );
  for (const r of rows) {
    // Listed before it is dropped, in one transaction: never dropped without its definition kept.
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`INSERT INTO ${LIST} (name, definition) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [r.name, r.definition]);
      await client.query(`DROP INDEX IF EXISTS public.${client.escapeIdentifier(r.name)}`);
      await client.query('COMMIT');
    } catch (error) {
      await client.query('ROLLBACK');
      throw error;
    } finally {
      client.release();
    }
  }
  return rows.length;
}

/** Builds every index still listed, `jobs` at a time, and empties the list; answers how many were built. */
export async function buildDeferredIndexes(pool: pg.Pool, jobs: number): Promise<number> {
  const listed = await pool.query<{ n: string }>(`SELECT to_regclass($1) IS NOT NULL AS n`, [LIST]);
  if (!listed.rows[0]?.n) return 0;
  const pending = (await pool.query<{ name: string; definition: string }>(`SELECT name, definition FROM ${LIST} ORDER BY name`)).rows;
  let built = 0;
  const worker = async () => {
    const client = await pool.connect();
    try {
      await client.query(`SET maintenance_work_mem = '256MB'`);
      for (let next = pending.shift(); next; next = pending.shift()) {
        // An index built by an earlier, interrupted run is kept as it is.
        await client.query(next.definition.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
        await client.query(`DELETE FROM ${LIST} WHERE name = $1`, [next.name]);
        built++;
      }
    } finally {
      await client.query('RESET maintenance_work_mem');
      client.release();
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, jobs) }, worker));
  await pool.query(`DROP TABLE IF EXISTS ${LIST}`);
  return built;
}
