import { getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ALL_TABLES } from '../src/modules/tables';
import { freshDatabase } from './support/database';
import type { Database } from '../src/db/client';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => ({ database, drop } = await freshDatabase()));
afterAll(() => drop());

// Migrations are hand-written SQL and queries are typed by the drizzle schema: they must agree.
it('the migrated database has exactly the tables and columns the drizzle schema declares', async () => {
  const declared = ALL_TABLES.map((table) => {
    const config = getTableConfig(table);
    return { table: config.name, columns: config.columns.map((c) => `${c.name}:${c.notNull ? 'not null' : 'null'}`).sort() };
  }).sort((a, b) => a.table.localeCompare(b.table));

  const rows = await database.exclusive((conn) =>
    conn.query<{ table_name: string; column_name: string; is_nullable: string }>(`
      select table_name, column_name, is_nullable from information_schema.columns
      where table_schema = 'public' and table_name <> 'schema_migrations' order by table_name, column_name`),
  );
  const actual = new Map<string, string[]>();
  for (const r of rows) {
    const list = actual.get(r.table_name) ?? [];
    list.push(`${r.column_name}:${r.is_nullable === 'YES' ? 'null' : 'not null'}`);
    actual.set(r.table_name, list);
  }
  const migrated = [...actual].map(([table, columns]) => ({ table, columns: columns.sort() })).sort((a, b) => a.table.localeCompare(b.table));
  expect(migrated).toEqual(declared);
});
